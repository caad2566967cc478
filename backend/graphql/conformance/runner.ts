// Runs one converted Hasura test class (classes/<Class>/) against the embedded engine: a PGlite
// from the cached empty snapshot (or a database shared by all classes of a run, see sharedDb.ts),
// the class's setup SQL, the engine served over HTTP on a free port (statuses and batches as
// clients see them). Classes Hasura resets per test method get
// their data back from a copy taken after setup (truncate + copy back + sequences), not from
// a new database.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import express from 'express';
import type { Db } from '../../db';
import type { Metadata } from '../metadata';
import { createJwtKeys } from '../../jwt';
import { Executor } from '../execute';
import { graphqlRouter } from '../http';
import { loadModel } from '../index';
import { authenticate, VerifiedTokens } from '../session';
import { freshDatabase } from '../../../tests/helpers/backend';
import type { SharedDatabase } from './sharedDb';

export const CONFORMANCE_DIR = __dirname;
export const CLASSES_DIR = path.join(__dirname, 'classes');
const ADMIN_SECRET = 'conformance-admin-secret';

export interface GraphqlBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  /** Sent as the test sends it (`null` included): Hasura reads `extensions.persistedQuery`. */
  extensions?: unknown;
}
export interface ConformanceCase {
  file: string;
  step: number;
  description: string;
  headers: Record<string, string>;
  query: GraphqlBody | GraphqlBody[];
  status: number;
  response: unknown;
  skip?: string;
  /** Function permissions the test created through /v1/metadata before this case. */
  functionPermissions?: FunctionGrant[];
  /**
   * `client`: Hasura runs the case only with JWT or webhook authentication, so its headers are
   * the client's session (an access token here) and no admin secret is sent.
   */
  auth?: 'client';
}
export interface FunctionGrant {
  function: { schema: string; name: string };
  role: string;
}
export interface ClassInfo {
  name: string;
  source: string;
  folder: string;
  reset: 'file' | 'class';
  /** Server settings the class runs with (`@pytest.mark.hge_env`). */
  engine?: { inferFunctionPermissions?: boolean };
  skipped: { file: string; reason: string }[];
}

export const caseId = (c: Pick<ConformanceCase, 'file' | 'step'>): string => `${c.file}#${c.step}`;

export function readClass(name: string): { info: ClassInfo; cases: ConformanceCase[] } {
  const dir = path.join(CLASSES_DIR, name);
  return {
    info: JSON.parse(fs.readFileSync(path.join(dir, 'class.json'), 'utf8')) as ClassInfo,
    cases: JSON.parse(fs.readFileSync(path.join(dir, 'cases.json'), 'utf8')) as ConformanceCase[],
  };
}

export const listClasses = (): string[] => fs.readdirSync(CLASSES_DIR).filter((d) => fs.existsSync(path.join(CLASSES_DIR, d, 'class.json'))).sort();

const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast')`;
const qi = (s: string) => `"${s.replace(/"/g, '""')}"`;

interface Snapshot {
  tables: { sql: string; copy: string; columns: string }[];
  sequences: { sql: string; value: string; called: boolean }[];
}

/** Copies the rows of every table and the state of every sequence the class setup created. */
async function takeSnapshot(db: Db, schemasBefore: Set<string>, tablesBefore: Set<string>): Promise<Snapshot> {
  const rels = await db.query<{ schema: string; name: string; kind: string }>(
    `SELECT n.nspname AS schema, c.relname AS name, c.relkind::text AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'S') AND n.nspname NOT IN ${SYSTEM_SCHEMAS} AND n.nspname NOT LIKE 'pg_temp%' ORDER BY 1, 2`,
  );
  const fresh = rels.rows.filter((r) => !schemasBefore.has(r.schema) || !tablesBefore.has(`${r.schema}.${r.name}`));
  await db.exec('CREATE SCHEMA conformance_snapshot');
  const snap: Snapshot = { tables: [], sequences: [] };
  // Every table's writable columns in one catalog query (information_schema per table cost ~30 ms each).
  const writable = await db.query<{ schema: string; name: string; columns: string[] }>(
    `SELECT n.nspname AS schema, c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' AND n.nspname NOT IN ${SYSTEM_SCHEMAS}
     GROUP BY 1, 2`,
  );
  const columnsOf = new Map(writable.rows.map((r) => [`${r.schema}.${r.name}`, r.columns]));
  let i = 0;
  const copies: string[] = [];
  for (const r of fresh) {
    const sql = `${qi(r.schema)}.${qi(r.name)}`;
    if (r.kind === 'S') {
      const s = await db.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${sql}`);
      snap.sequences.push({ sql, value: s.rows[0].last_value, called: s.rows[0].is_called });
      continue;
    }
    const copy = `conformance_snapshot.t${i++}`;
    copies.push(`CREATE TABLE ${copy} AS SELECT * FROM ${sql}`);
    snap.tables.push({ sql, copy, columns: (columnsOf.get(`${r.schema}.${r.name}`) ?? []).map(qi).join(', ') });
  }
  if (copies.length) await db.exec(copies.join(';\n'));
  return snap;
}

async function restoreSnapshot(db: Db, snap: Snapshot): Promise<void> {
  if (!snap.tables.length && !snap.sequences.length) return;
  // DELETE, not TRUNCATE: these tables hold a few rows, and TRUNCATE makes new files for every
  // table and index, which PGlite's in-memory file system makes the slowest step of a reset.
  // Replica mode leaves foreign keys and triggers out, so the order does not matter.
  const statements = ['SET session_replication_role = replica'];
  for (const t of snap.tables) statements.push(`DELETE FROM ${t.sql}`);
  for (const t of snap.tables) statements.push(`INSERT INTO ${t.sql} (${t.columns}) OVERRIDING SYSTEM VALUE SELECT ${t.columns} FROM ${t.copy}`);
  for (const s of snap.sequences) statements.push(`SELECT setval('${s.sql.replace(/'/g, "''")}', ${s.value}, ${s.called})`);
  statements.push('SET session_replication_role = DEFAULT');
  await db.exec(statements.join(';\n'));
}

export interface ClassEngine {
  post(body: unknown, headers: Record<string, string>): Promise<{ status: number; body: unknown }>;
  /** As a client: only the given headers (no admin secret). */
  postAsClient(body: unknown, headers: Record<string, string>): Promise<{ status: number; body: unknown }>;
  /** An access token signed with the engine's JWT key (Hasura claims namespace); `forged`: with
   *  another key, `expired`: with the engine's key but expired an hour ago. */
  token(role: string, sessionVars?: Record<string, string>, key?: 'engine' | 'forged' | 'expired'): Promise<string>;
  reset(): Promise<void>;
  /** Serves the class's metadata plus these function permissions (as a test's metadata call). */
  useFunctionPermissions(grants: FunctionGrant[]): Promise<void>;
  /** Stops serving; on a shared database, drops what the class created (its own: closes it). */
  close(): Promise<void>;
}

function withGrants(m: Metadata, grants: FunctionGrant[]): Metadata {
  return {
    ...m,
    functions: m.functions.map((f) => {
      const add = grants.filter((g) => g.function.schema === f.function.schema && g.function.name === f.function.name);
      return add.length ? { ...f, permissions: [...(f.permissions ?? []), ...add.map((g) => ({ role: g.role }))] } : f;
    }),
  };
}

/**
 * Each class on a shared database gets its own names for prepared statements: a statement
 * prepared by an earlier class names that class's (dropped) tables, and Postgres refuses a cached
 * plan whose result columns change.
 */
function classDb(db: Db, name: string): Db {
  const prepared = db.queryPrepared;
  if (!prepared) return db;
  const tag = `/* ${name.replace(/\*\//g, '')} */ `;
  return { ...db, queryPrepared: (sql, params) => prepared(tag + sql, params) };
}

/**
 * `projectDir`: another folder of the same layout (the shared kit's suites). `resettable: false`
 * skips the copy of the setup's rows that `reset()` restores (classes Hasura resets only per
 * class never call it).
 */
export async function startClassEngine(
  name: string,
  projectDir = path.join(CLASSES_DIR, name, 'nhost'),
  settings: ClassInfo['engine'] = {},
  shared?: SharedDatabase,
  { resettable = true }: { resettable?: boolean } = {},
): Promise<ClassEngine> {
  // `release` gives the database back as found: the shared one emptied of the class, an own one closed.
  const { db, release } = shared
    ? { db: classDb(shared.db, name), release: () => shared.reset() }
    : await freshDatabase(CONFORMANCE_DIR, false).then((d) => ({ db: d, release: () => d.close() }));
  let server: http.Server | undefined;
  try {
    // Hasura's test server runs in UTC; Postgres renders timestamptz in the session's zone.
    await db.exec(`SET TIME ZONE 'UTC'`);
    const up = fs.readFileSync(path.join(projectDir, 'migrations/default/1700000000000_setup/up.sql'), 'utf8');
    let snapshot: Snapshot | undefined;
    if (resettable) {
      const before = await db.query<{ schema: string; name: string }>(
        `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace`,
      );
      const schemasBefore = new Set((await db.query<{ n: string }>('SELECT nspname AS n FROM pg_namespace')).rows.map((r) => r.n));
      const tablesBefore = new Set(before.rows.map((r) => `${r.schema}.${r.name}`));
      await db.exec(up);
      snapshot = await takeSnapshot(db, schemasBefore, tablesBefore);
    } else {
      await db.exec(up);
    }
    // Hasura's test server runs with --stringify-numeric-types (tests-py fixtures/hge.py), as Nhost does.
    const engineOpts = { stringifyNumerics: true, unauthorizedRole: 'public', inferFunctionPermissions: settings.inferFunctionPermissions ?? true };
    const jwt = createJwtKeys({ type: 'HS256', key: 'conformance-jwt-secret-conformance-jwt-secret' });
    const opts = { adminSecret: ADMIN_SECRET, jwt, unauthorizedRole: 'public', verifiedTokens: new VerifiedTokens() };
    // One router per set of function permissions a case runs with, built when first needed.
    const routers = new Map<string, express.Router>();
    const routerFor = async (grants: FunctionGrant[]) => {
      const key = JSON.stringify(grants);
      let r = routers.get(key);
      if (!r) {
        const model = await loadModel(db, projectDir, engineOpts, (m) => withGrants(m, grants));
        r = graphqlRouter(new Executor(model, db), (h) => authenticate(h, opts));
        routers.set(key, r);
      }
      return r;
    };
    let current = await routerFor([]);
    const app = express();
    app.use('/v1/graphql', (req, res, next) => current(req, res, next));
    const listening = app.listen(0, '127.0.0.1');
    server = listening;
    await new Promise<void>((resolve, reject) => listening.once('listening', resolve).once('error', reject));
    const address = listening.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const send = async (body: unknown, h: Record<string, string>) => {
      const res = await fetch(`http://127.0.0.1:${port}/v1/graphql`, { method: 'POST', headers: h, body: JSON.stringify(body) });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* compared as text: never equal to an expected object */
      }
      return { status: res.status, body: parsed };
    };
    const forged = createJwtKeys({ type: 'HS256', key: 'not-the-engine-secret-not-the-engine-secret' });
    return {
      post(body, headers) {
        // As tests-py's check_query in admin-secret mode: the case's headers plus the admin secret.
        const h: Record<string, string> = { 'content-type': 'application/json', ...headers };
        if (!Object.keys(h).some((k) => k.toLowerCase() === 'x-hasura-admin-secret')) h['x-hasura-admin-secret'] = ADMIN_SECRET;
        return send(body, h);
      },
      postAsClient: (body, headers) => send(body, { 'content-type': 'application/json', ...headers }),
      token: (role, sessionVars = {}, key = 'engine') => (key === 'forged' ? forged : jwt).sign({
        sub: sessionVars['x-hasura-user-id'] ?? 'anonymous',
        'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': [role], 'x-hasura-default-role': role, ...sessionVars },
      }, key === 'expired' ? -3600 : 600),
      async reset() {
        if (!snapshot) throw new Error(`${name}: started with resettable: false`);
        await restoreSnapshot(db, snapshot);
      },
      async useFunctionPermissions(grants) {
        current = await routerFor(grants);
      },
      async close() {
        await new Promise<void>((resolve) => listening.close(() => resolve()));
        await release();
      },
    };
  } catch (e) {
    server?.close();
    await release();
    throw e;
  }
}

// ---- comparison, as the shared kit's runner (and tests-py's validate.py) ----

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  return ka.length === Object.keys(rb).length && ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && deepEqual(ra[k], rb[k]));
}

const short = (v: unknown, n = 240): string => {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > n ? `${s.slice(0, n)}…` : s;
};

interface HasuraErrorShape {
  message?: unknown;
  extensions?: { code?: unknown };
}

/** null when the actual body matches the expected one, else why not. */
export function compareBody(exp: unknown, act: unknown): string | null {
  if (Array.isArray(exp)) {
    if (!Array.isArray(act) || act.length !== exp.length) return `expected a batch of ${exp.length}, got ${short(act)}`;
    for (let i = 0; i < exp.length; i++) {
      const r = compareBody(exp[i], act[i]);
      if (r) return `batch[${i}]: ${r}`;
    }
    return null;
  }
  if (!act || typeof act !== 'object' || !exp || typeof exp !== 'object') return `response is not JSON: ${short(act)}`;
  const e = exp as { data?: unknown; errors?: HasuraErrorShape[] };
  const a = act as { data?: unknown; errors?: HasuraErrorShape[] };
  if (e.errors) {
    if (!Array.isArray(a.errors) || !a.errors.length) return `expected errors ${short(e.errors)}, got ${short(act)}`;
    if ('data' in e && !deepEqual(e.data, a.data)) return `data differs: expected ${short(e.data)}, got ${short(a.data)}`;
    if (e.errors.length !== a.errors.length) return `expected ${e.errors.length} errors, got ${a.errors.length}: ${short(a.errors)}`;
    for (let i = 0; i < e.errors.length; i++) {
      const ec = e.errors[i]?.extensions?.code;
      const ac = a.errors[i]?.extensions?.code;
      if (ec !== ac) return `error code: expected ${short(ec)}, got ${short(ac)} (message ${short(a.errors[i]?.message)})`;
      if (e.errors[i]?.message !== a.errors[i]?.message) return `error message: expected ${short(e.errors[i]?.message)}, got ${short(a.errors[i]?.message)}`;
    }
    return null;
  }
  if (a.errors) return `unexpected errors: ${short(a.errors)}`;
  if (!deepEqual(e.data, a.data)) return `data differs: expected ${short(e.data)}, got ${short(a.data)}`;
  return null;
}

/** As tests-py's webhook mode: every x-hasura-* header becomes a session variable of the token. */
async function clientHeaders(engine: ClassEngine, headers: Record<string, string>): Promise<Record<string, string>> {
  const vars = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]).filter(([k]) => k.startsWith('x-hasura-')));
  const { 'x-hasura-role': role = 'anonymous', ...rest } = vars;
  return { authorization: `Bearer ${await engine.token(role, rest)}` };
}

/** Sends one case and says why it differs from Hasura's expected answer (null: same). */
export async function runCase(engine: ClassEngine, c: ConformanceCase): Promise<string | null> {
  const toBody = (q: GraphqlBody) => ({
    query: q.query,
    ...(q.variables != null ? { variables: q.variables } : {}),
    ...(q.operationName != null ? { operationName: q.operationName } : {}),
    ...(q.extensions !== undefined ? { extensions: q.extensions } : {}),
  });
  const body = Array.isArray(c.query) ? c.query.map(toBody) : toBody(c.query);
  let res: { status: number; body: unknown };
  try {
    res = c.auth === 'client' ? await engine.postAsClient(body, await clientHeaders(engine, c.headers)) : await engine.post(body, c.headers);
  } catch (e) {
    return `request failed: ${(e as Error).message}`;
  }
  if (res.status !== c.status) return `status: expected ${c.status}, got ${res.status}: ${short(res.body)}`;
  if (c.response === null) return null;
  return compareBody(c.response, res.body);
}

// ---- the README's coverage table, generated from the class data and the known failures ----

const TABLE_START = '<!-- coverage table: generated by hasura.test.ts (CONFORMANCE_UPDATE_KNOWN=1) -->';
const TABLE_END = '<!-- end of coverage table -->';
export const README_FILE = path.join(CONFORMANCE_DIR, 'README.md');

export function coverageTable(known: Record<string, Record<string, string>>, notConverted: [string, string][]): string {
  const rows = ['| Hasura test class | folder | cases | passing | files left out |', '|---|---|---|---|---|'];
  let total = 0;
  let passing = 0;
  for (const name of listClasses()) {
    const { info, cases } = readClass(name);
    const run = cases.filter((c) => !c.skip);
    const failing = Object.keys(known[name] ?? {}).length;
    total += run.length;
    passing += run.length - failing;
    const skips = cases.length - run.length;
    const left = [...info.skipped.map((s) => `${s.file} (${s.reason})`), ...(skips ? [`${skips} case(s) Hasura marks skip/xfail`] : [])];
    rows.push(`| ${name} | ${info.folder.replace(/^queries\//, '')} | ${run.length} | ${run.length - failing} | ${left.join('; ') || '-'} |`);
  }
  rows.push(`| **${listClasses().length} classes** | | **${total}** | **${passing}** | |`);
  const not = ['', '| not converted | why |', '|---|---|', ...notConverted.map(([c, why]) => `| ${c} | ${why} |`)];
  return [TABLE_START, ...rows, ...not, TABLE_END].join('\n');
}

/** README text with its coverage table replaced by `table`. */
export function withTable(readme: string, table: string): string {
  const a = readme.indexOf(TABLE_START);
  const b = readme.indexOf(TABLE_END);
  if (a < 0 || b < 0) throw new Error('README.md has no coverage table markers');
  return readme.slice(0, a) + table + readme.slice(b + TABLE_END.length);
}
