// Storage on an S3-compatible bucket (S3_* set), against s3rver, a local S3 test double (it
// checks the access key of a SigV4 request but not the signature bytes); driven by the real
// HasuraStorageClient.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HasuraStorageClient } from '@nhost/hasura-storage-js';
import { AwsClient } from 'aws4fetch';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../tests/helpers/backend';
import type { RunningBackend } from '../server';

const projectDir = path.resolve(__dirname, '__fixtures__/project');
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-s3rver-'));
let s3: S3rver;
let endpoint: string;
let backend: RunningBackend;
let png: Buffer;
// s3rver's built-in account.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', service: 's3' };

const s3Env = (accessKey = 'S3RVER') => ({ S3_ENDPOINT: endpoint, S3_BUCKET: 'staydesk-files', S3_ACCESS_KEY: accessKey, S3_SECRET_KEY: 'S3RVER', S3_ROOT_FOLDER: 'uploads' });
const objectUrl = (id: string) => `${endpoint}/staydesk-files/uploads/${id}`;

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'staydesk-files' }] });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  backend = await startTestBackend({ projectDir, env: s3Env() });
  png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#c05621' } }).png().toBuffer();
});

afterAll(async () => {
  await backend?.close();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe('storage on S3', () => {
  it('uploads into the bucket (not to local disk), downloads, serves ranges and transforms, deletes', async () => {
    const storage = new HasuraStorageClient({ url: `${backend.url}/v1/storage`, adminSecret: backend.ctx.config.adminSecret });
    const up = await storage.upload({ file: new File([new Uint8Array(png)], 'kert.png', { type: 'image/png' }) });
    expect(up.error).toBeNull();
    const id = up.fileMetadata!.id;
    expect(fs.existsSync(path.join(backend.ctx.config.dataDir, 'storage/files'))).toBe(false);

    const aws = new AwsClient(credentials);
    const direct = await aws.fetch(objectUrl(id));
    expect(direct.status).toBe(200);
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(png);
    expect(direct.headers.get('content-type')).toBe('image/png');

    const { file } = await storage.download({ fileId: id });
    expect(Buffer.from(await file!.arrayBuffer())).toEqual(png);
    const part = await fetch(`${backend.url}/v1/storage/files/${id}`, { headers: { 'x-hasura-admin-secret': backend.ctx.config.adminSecret, range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(png.subarray(1, 4));
    const small = await storage.download({ fileId: id, width: 50 });
    expect((await sharp(Buffer.from(await small.file!.arrayBuffer())).metadata()).width).toBe(50);

    expect((await storage.delete({ fileId: id })).error).toBeNull();
    expect((await aws.fetch(objectUrl(id), { method: 'HEAD' })).status).toBe(404);
  });
});

describe('storage on S3 with an access key the store refuses', () => {
  let bad: RunningBackend;
  beforeAll(async () => {
    bad = await startTestBackend({ projectDir, env: s3Env('UNKNOWN-KEY') });
  });
  afterAll(async () => {
    await bad?.close();
  });

  it('fails the upload with a 500 and leaves no file row behind', async () => {
    const id = crypto.randomUUID();
    const storage = new HasuraStorageClient({ url: `${bad.url}/v1/storage`, adminSecret: bad.ctx.config.adminSecret });
    const up = await storage.upload({ file: new File([new Uint8Array(png)], 'x.png', { type: 'image/png' }), id });
    expect(up.error).toMatchObject({ status: 500, message: 'internal server error' });
    const rows = await bad.ctx.db.query('SELECT id FROM storage.files WHERE id = $1', [id]);
    expect(rows.rows).toHaveLength(0);
  });
});
