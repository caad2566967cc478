// Hasura's own tests (server/tests-py, Postgres classes, converted to data in classes/) against
// the embedded engine. A case listed in known-failures.json must still fail (with any reason):
// once it passes, this test fails until the entry is removed, so the list cannot rot. A case not
// listed must pass. CONFORMANCE_UPDATE_KNOWN=1 rewrites the list from what fails now (review the
// diff: it is the engine's parity record). CONFORMANCE_CLASS=<Class>[,<Class>...] runs only those.
// All classes share one database (sharedDb.ts): each class's objects are dropped after it, and a
// test per class proves the catalogue is back to what the next class must find.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFORMANCE_DIR, README_FILE, caseId, coverageTable, listClasses, readClass, runCase, startClassEngine, withTable, type ClassEngine } from './runner';
import { openSharedDatabase, type SharedDatabase } from './sharedDb';

const KNOWN_FILE = path.join(CONFORMANCE_DIR, 'known-failures.json');
const known = JSON.parse(fs.readFileSync(KNOWN_FILE, 'utf8')) as Record<string, Record<string, string>>;
const update = process.env.CONFORMANCE_UPDATE_KNOWN === '1';
const only = process.env.CONFORMANCE_CLASS?.split(',');
const classes = listClasses().filter((c) => !only || only.includes(c));
const found: Record<string, Record<string, string>> = {};
const notConverted = JSON.parse(fs.readFileSync(path.join(CONFORMANCE_DIR, 'not-converted.json'), 'utf8')) as [string, string][];

let shared: SharedDatabase;
beforeAll(async () => {
  shared = await openSharedDatabase();
}, 120_000);
afterAll(async () => {
  await shared?.close();
});

it('the reset between classes takes away every kind of object and setting a class leaves', async () => {
  const { db } = shared;
  await db.exec(`
    CREATE SCHEMA leftover; CREATE TABLE leftover.t (id int);
    CREATE EXTENSION IF NOT EXISTS ltree; CREATE EXTENSION IF NOT EXISTS citext;
    CREATE TYPE mood AS ENUM ('ok'); CREATE TYPE pair AS (a int, b int); CREATE DOMAIN posint AS int CHECK (VALUE > 0);
    CREATE TABLE t1 (id serial PRIMARY KEY, m mood, p pair, n posint, path ltree); CREATE VIEW v1 AS SELECT id FROM t1;
    CREATE INDEX t1_path ON t1 (path);
    CREATE FUNCTION f1(t1) RETURNS int LANGUAGE sql STABLE AS 'SELECT 1';
    CREATE FUNCTION trg() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
    CREATE TRIGGER t1_trg BEFORE INSERT ON t1 FOR EACH ROW EXECUTE FUNCTION trg();
    CREATE SEQUENCE s1; CREATE ROLE leftover_role;
    ALTER TABLE hdb_catalog.schema_migrations ADD COLUMN leftover int;
    SET lc_monetary TO 'C'; SET search_path TO leftover, public; SET TIME ZONE 'Europe/Budapest';
  `);
  expect(await shared.fingerprint()).not.toBe(shared.base);
  await shared.reset();
  // A column added to a table the database had is not dropped: the check must see it.
  expect(await shared.fingerprint()).not.toBe(shared.base);
  await db.exec('ALTER TABLE hdb_catalog.schema_migrations DROP COLUMN leftover');
  expect(await shared.fingerprint()).toBe(shared.base);
  expect((await db.query<{ tz: string }>(`SELECT current_setting('TimeZone') AS tz`)).rows[0]).toEqual({ tz: 'UTC' });
});

it('the README table shows the classes, cases and passing counts of this data', () => {
  if (update) return;
  const readme = fs.readFileSync(README_FILE, 'utf8');
  expect(readme, 'run with CONFORMANCE_UPDATE_KNOWN=1 to regenerate').toBe(withTable(readme, coverageTable(known, notConverted)));
});

describe.each(classes)('%s', (name) => {
  const { info, cases } = readClass(name);
  let engine: ClassEngine;
  let lastFile: string | undefined;
  let closed = false;
  beforeAll(async () => {
    engine = await startClassEngine(name, undefined, info.engine, shared, { resettable: info.reset === 'file' });
  }, 120_000);
  afterAll(async () => {
    if (!closed) await engine?.close();
  });

  const runnable = cases.filter((c) => !c.skip);
  it.each(runnable.map((c) => [`${caseId(c)} ${c.description}`, c] as const))('%s', async (_title, c) => {
    // Hasura resets the data before each test method of a mutation class (one file = one method).
    if (info.reset === 'file' && c.file !== lastFile) await engine.reset();
    lastFile = c.file;
    await engine.useFunctionPermissions(c.functionPermissions ?? []);
    const reason = await runCase(engine, c);
    const expected = known[name]?.[caseId(c)];
    if (reason) (found[name] ??= {})[caseId(c)] = reason.length > 300 ? `${reason.slice(0, 300)}…` : reason;
    if (update) return;
    if (expected === undefined) expect(reason, 'differs from Hasura (fix the engine, or list it in known-failures.json with the reason)').toBeNull();
    else expect(reason, 'listed in known-failures.json but now answers as Hasura: remove it from the list').not.toBeNull();
  }, 60_000);

  it('leaves the database as it found it (the next class sees none of its objects or settings)', async () => {
    closed = true;
    await engine.close();
    expect(await shared.fingerprint()).toBe(shared.base);
  });
});

afterAll(() => {
  if (!update) return;
  const next: Record<string, Record<string, string>> = only ? { ...known } : {};
  for (const name of classes) {
    if (found[name]) next[name] = found[name];
    else delete next[name];
  }
  const sorted = Object.fromEntries(Object.keys(next).sort().map((k) => [k, next[k]]));
  fs.writeFileSync(KNOWN_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  fs.writeFileSync(README_FILE, withTable(fs.readFileSync(README_FILE, 'utf8'), coverageTable(sorted, notConverted)));
});
