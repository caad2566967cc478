// Backup and restore, and the move off the embedded default: a data folder with the demo data, an
// added row and an uploaded file is backed up (refused while its backend runs), restored into a
// new embedded folder and into a server Postgres of the pinned major version (the throwaway
// server of the tests, as DATABASE_URL), and each serves the same data: the row, the file byte for
// byte, the demo users signing in. A folder that already holds data is never restored into.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, BackupError, restore, type BackupManifest } from '../../backend/backup';
import { loadConfig } from '../../backend/config';
import { startBackend, type RunningBackend } from '../../backend/server';
import { migratedDataFolder } from '../helpers/backend';
import { startTempPostgres, type TempPostgres } from '../helpers/postgres';

const ADMIN = { 'x-hasura-admin-secret': 'nhost-admin-secret' };
let base: string;
let server: TempPostgres | undefined;

async function serve(dataDir: string, databaseUrl = '', postgres = false): Promise<RunningBackend> {
  const config = loadConfig({ project: 'nhost', port: '0', data: dataDir, host: '127.0.0.1', seeds: 'true', quiet: true, postgres }, {
    ...process.env,
    DATABASE_URL: databaseUrl,
    AUTH_RATE_LIMIT_ENABLE: 'false',
  });
  return startBackend(config);
}

async function gql<T>(b: RunningBackend, query: string): Promise<T> {
  const res = await fetch(`${b.url}/v1/graphql`, { method: 'POST', headers: { ...ADMIN, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** What must survive the move: the added label, the uploaded file's bytes, the demo sign-in, the booking count. */
async function snapshot(b: RunningBackend, fileId: string) {
  const data = await gql<{ labels: { name: string }[]; bookings_aggregate: { aggregate: { count: number } } }>(
    b,
    '{ labels(where: {name: {_eq: "Moved with the data"}}) { name } bookings_aggregate { aggregate { count } } }',
  );
  const file = await fetch(`${b.url}/v1/storage/files/${fileId}`, { headers: ADMIN });
  const signIn = await fetch(`${b.url}/v1/auth/signin/email-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@demo.staydesk.test', password: 'staydesk-demo' }),
  });
  const session = (await signIn.json()) as { session?: { accessToken?: string } };
  return {
    labels: data.labels.map((l) => l.name),
    bookings: data.bookings_aggregate.aggregate.count,
    fileStatus: file.status,
    fileBytes: Buffer.from(await file.arrayBuffer()).toString('base64'),
    signedIn: Boolean(session.session?.accessToken),
  };
}

describe('backup, restore and the move to a server Postgres', () => {
  const bytes = randomBytes(64 * 1024);
  let fileId: string;
  let original: Awaited<ReturnType<typeof snapshot>>;
  let source: string;
  let out: string;

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-backup-'));
    // Run as root, the embedded PostgreSQL server runs as the postgres user, which must reach the folders.
    fs.chmodSync(base, 0o755);
    source = path.join(base, 'source');
    out = path.join(base, 'backup');
    server = await startTempPostgres();
    // The demo data as a first start with seeds leaves the folder (the cached seeded snapshot).
    await migratedDataFolder(source, { applySeeds: true });
    const b = await serve(source);
    try {
      await gql(b, 'mutation { insert_labels_one(object: {name: "Moved with the data", color: "#123456"}) { id } }');
      const form = new FormData();
      form.append('file[]', new Blob([bytes], { type: 'application/octet-stream' }), 'contract.bin');
      const up = await fetch(`${b.url}/v1/storage/files`, { method: 'POST', body: form, headers: ADMIN });
      fileId = ((await up.json()) as { processedFiles: { id: string }[] }).processedFiles[0].id;
      original = await snapshot(b, fileId);
      // A running backend owns the folder: no copy of a live folder.
      await expect(backup({ dataDir: source, outDir: out })).rejects.toThrow(/backup needs the data folder to itself: .* in use by backend \(pid \d+/);
    } finally {
      await b.close();
    }
  }, 240_000);

  afterAll(() => {
    server?.stop();
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('backs up database.sql (the project schemas, plain SQL) and storage/', async () => {
    expect(original).toMatchObject({ labels: ['Moved with the data'], fileStatus: 200, signedIn: true });
    expect(original.fileBytes).toBe(bytes.toString('base64'));
    const manifest: BackupManifest = await backup({ dataDir: source, outDir: out });
    expect(manifest).toMatchObject({ source: 'pglite', database: 'database.sql' });
    expect(manifest.files).toBeGreaterThanOrEqual(1);
    expect(manifest.tables?.['public.labels']).toBeGreaterThan(0);
    const sql = fs.readFileSync(path.join(out, 'database.sql'), 'utf8');
    for (const schema of ['auth', 'storage', 'hdb_catalog']) expect(sql).toContain(`CREATE SCHEMA ${schema};`);
    expect(sql).toContain('CREATE TABLE public.bookings');
    expect(sql).not.toContain('transaction_timeout');
    expect(sql).not.toMatch(/^COPY /m);
    // Into a folder that is not empty: refused.
    await expect(backup({ dataDir: source, outDir: out })).rejects.toThrow(BackupError);
  }, 120_000);

  it('restores into a new embedded folder that serves the same data, and never over existing data', async () => {
    const target = path.join(base, 'restored');
    await restore({ inDir: out, dataDir: target });
    const b = await serve(target);
    try {
      expect(await snapshot(b, fileId)).toEqual(original);
    } finally {
      await b.close();
    }
    await expect(restore({ inDir: out, dataDir: target })).rejects.toThrow(/already holds data \(pglite, storage\)/);
  }, 120_000);

  it('moves to a server Postgres of the pinned major (DATABASE_URL): same data, file and sign-in', async () => {
    const url = await server!.createDatabase('moved');
    const target = path.join(base, 'on-server');
    await restore({ inDir: out, dataDir: target, databaseUrl: url });
    expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
    const b = await serve(target, url);
    try {
      expect(b.ctx.db.kind).toBe('postgres');
      expect(await snapshot(b, fileId)).toEqual(original);
    } finally {
      await b.close();
    }
    // The database now holds the project: a second restore into it is refused.
    await expect(restore({ inDir: out, dataDir: path.join(base, 'again'), databaseUrl: url })).rejects.toThrow(/not empty/);
  }, 120_000);

  it('moves into the data folder\'s own PostgreSQL server (restore --postgres, backend --postgres): same data, file and sign-in', async () => {
    const target = path.join(base, 'embedded-postgres');
    await restore({ inDir: out, dataDir: target, embeddedPostgres: true });
    expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
    const b = await serve(target, '', true);
    try {
      expect(b.ctx.db.kind).toBe('postgres');
      expect(await snapshot(b, fileId)).toEqual(original);
    } finally {
      await b.close();
    }
    await expect(restore({ inDir: out, dataDir: target, embeddedPostgres: true })).rejects.toThrow(/already holds data \(postgres, storage\)/);
  }, 120_000);
});
