// installEventTriggers writes nothing when the database already holds exactly the metadata's
// trigger functions and triggers (every start after the first), and puts back whatever differs:
// a trigger a migration dropped with its table, a function changed by hand, a disabled trigger,
// changed UPDATE OF columns, a trigger gone from the metadata.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { emptyDatabase } from '../../tests/helpers/backend';
import type { EventTrigger } from './config';
import { installEventTriggers } from './install';

let db: Db;

const trigger = (name: string, ops: EventTrigger['ops']): EventTrigger => ({
  name, schema: 'public', table: 'notes', ops, enableManual: false, webhook: { url: 'http://localhost/x' } as unknown as EventTrigger['webhook'], headers: [],
  retry: { numRetries: 0, intervalSec: 10, timeoutSec: 60 },
});
const TRIGGERS = [trigger('notes_changed', { INSERT: '*', UPDATE: ['status'], DELETE: '*' }), trigger('notes_body', { UPDATE: '*' })];

/** Each notify_hasura_ function and trigger with what a rewrite changes (the function row's xmin, the trigger's oid). */
async function installed(): Promise<Record<string, string>> {
  const fns = await db.query<{ name: string; v: string }>(`SELECT proname AS name, xmin::text || ':' || md5(prosrc) AS v FROM pg_proc WHERE proname LIKE 'notify\\_hasura\\_%'`);
  const trgs = await db.query<{ name: string; v: string }>(
    `SELECT tgname AS name, oid::text || ':' || tgenabled::text || ':' || tgattr::text AS v FROM pg_trigger WHERE tgname LIKE 'notify\\_hasura\\_%'`,
  );
  return Object.fromEntries([...fns.rows.map((r) => [`fn ${r.name}`, r.v]), ...trgs.rows.map((r) => [`trigger ${r.name}`, r.v])]);
}

async function notesEvents(sql: string): Promise<string[]> {
  await db.query('DELETE FROM hdb_catalog.events');
  await db.exec(sql);
  return (await db.query<{ e: string }>('SELECT name || \' \' || op AS e FROM hdb_catalog.events ORDER BY id')).rows.map((r) => r.e);
}

beforeAll(async () => {
  db = await emptyDatabase();
  // Just what the trigger functions call: a log of the events they record.
  await db.exec(`
    CREATE SCHEMA hdb_catalog;
    CREATE TABLE hdb_catalog.events (id serial PRIMARY KEY, name text, op text);
    CREATE FUNCTION hdb_catalog.insert_event_log(schema_name text, table_name text, trigger_name text, op text, row_data json) RETURNS text
      LANGUAGE sql AS $$ INSERT INTO hdb_catalog.events (name, op) VALUES (trigger_name, op) RETURNING 'x' $$;
    CREATE TABLE public.notes (id int PRIMARY KEY, body text, status text);`);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('installing the event triggers at start-up', () => {
  it('installs them once; a start on the same database rewrites nothing', async () => {
    await installEventTriggers(db, TRIGGERS);
    const first = await installed();
    expect(Object.keys(first).sort()).toEqual([
      'fn notify_hasura_notes_body_UPDATE', 'fn notify_hasura_notes_changed_DELETE', 'fn notify_hasura_notes_changed_INSERT', 'fn notify_hasura_notes_changed_UPDATE',
      'trigger notify_hasura_notes_body_UPDATE', 'trigger notify_hasura_notes_changed_DELETE', 'trigger notify_hasura_notes_changed_INSERT', 'trigger notify_hasura_notes_changed_UPDATE',
    ]);
    await installEventTriggers(db, TRIGGERS);
    expect(await installed()).toEqual(first);
    expect(await notesEvents(`INSERT INTO notes VALUES (1, 'a', 'open'); UPDATE notes SET status = 'done'; UPDATE notes SET body = 'b'; DELETE FROM notes`)).toEqual([
      // Triggers of one event fire in name order.
      'notes_changed INSERT', 'notes_body UPDATE', 'notes_changed UPDATE', 'notes_body UPDATE', 'notes_changed DELETE',
    ]);
  });

  it('puts back a trigger dropped with its table, a function changed by hand and a disabled trigger', async () => {
    await installEventTriggers(db, TRIGGERS);
    // What a migration that recreates the table leaves: the functions, no triggers.
    await db.exec('DROP TABLE notes; CREATE TABLE public.notes (id int PRIMARY KEY, body text, status text)');
    await installEventTriggers(db, TRIGGERS);
    expect(await notesEvents(`INSERT INTO notes VALUES (1, 'a', 'open')`)).toEqual(['notes_changed INSERT']);

    await db.exec(`CREATE OR REPLACE FUNCTION hdb_catalog."notify_hasura_notes_changed_DELETE"() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN RETURN NULL; END; $fn$`);
    await db.exec('ALTER TABLE notes DISABLE TRIGGER "notify_hasura_notes_changed_INSERT"');
    expect(await notesEvents(`INSERT INTO notes VALUES (2, 'a', 'open'); DELETE FROM notes WHERE id = 2`)).toEqual([]);
    await installEventTriggers(db, TRIGGERS);
    expect(await notesEvents(`INSERT INTO notes VALUES (3, 'a', 'open'); DELETE FROM notes WHERE id = 3`)).toEqual(['notes_changed INSERT', 'notes_changed DELETE']);
  });

  it('follows the metadata: changed UPDATE OF columns, a trigger removed', async () => {
    await installEventTriggers(db, TRIGGERS);
    const changed = [trigger('notes_changed', { INSERT: '*', UPDATE: ['body'] })];
    await installEventTriggers(db, changed);
    expect(Object.keys(await installed()).sort()).toEqual([
      'fn notify_hasura_notes_changed_INSERT', 'fn notify_hasura_notes_changed_UPDATE', 'trigger notify_hasura_notes_changed_INSERT', 'trigger notify_hasura_notes_changed_UPDATE',
    ]);
    await db.exec(`INSERT INTO notes VALUES (4, 'a', 'open')`);
    expect(await notesEvents(`UPDATE notes SET status = 'done' WHERE id = 4; UPDATE notes SET body = 'c' WHERE id = 4; DELETE FROM notes WHERE id = 4`)).toEqual(['notes_changed UPDATE']);
    const settled = await installed();
    await installEventTriggers(db, changed);
    expect(await installed()).toEqual(settled);
  });
});
