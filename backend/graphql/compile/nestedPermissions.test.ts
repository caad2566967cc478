// Nested selections whose permission filters walk back to the parent row: the engine tests the
// parent row it already has instead of looking it up again, and must give the same rows as the
// plain lookup in every case where that shortcut does not hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { emptyDatabase } from '../../../tests/helpers/backend';
import { readCatalog } from '../catalog';
import { Executor } from '../execute';
import type { Metadata } from '../metadata';
import { buildModel } from '../model';
import type { EngineSession } from '../types';

const SCHEMA = `
CREATE TABLE accommodations (id int PRIMARY KEY, host_id text NOT NULL, name text NOT NULL, city text NOT NULL);
CREATE TABLE units (id int PRIMARY KEY, accommodation_id int NOT NULL REFERENCES accommodations (id), name text NOT NULL, city text NOT NULL);
CREATE TABLE bookings (id int PRIMARY KEY, unit_id int NOT NULL REFERENCES units (id), guest text NOT NULL);
INSERT INTO accommodations VALUES (1, 'h1', 'Alma', 'Szeged'), (2, 'h1', 'Barack', 'Pécs'), (3, 'h2', 'Citrom', 'Szeged');
INSERT INTO units VALUES (10, 1, 'A1', 'Szeged'), (11, 1, 'A2', 'Szeged'), (20, 2, 'B1', 'Pécs'), (30, 3, 'C1', 'Szeged');
INSERT INTO bookings VALUES (100, 10, 'Ann'), (101, 11, 'Bob'), (200, 20, 'Cid'), (300, 30, 'Dan');
`;

const hostFilter = { host_id: { _eq: 'X-Hasura-User-Id' } };
const metadata: Metadata = {
  functions: [],
  tables: [
    {
      table: { schema: 'public', name: 'accommodations' },
      array_relationships: [
        { name: 'units', using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'units' }, column: 'accommodation_id' } } },
        // Not a key on the accommodations side: several accommodations share a city.
        { name: 'city_units', using: { manual_configuration: { remote_table: { schema: 'public', name: 'units' }, column_mapping: { city: 'city' } } } },
      ],
      select_permissions: [
        { role: 'host', permission: { columns: '*', filter: hostFilter } },
        { role: 'guide', permission: { columns: '*', filter: {} } },
        { role: 'city', permission: { columns: '*', filter: {} } },
      ],
    },
    {
      table: { schema: 'public', name: 'units' },
      object_relationships: [
        { name: 'accommodation', using: { foreign_key_constraint_on: 'accommodation_id' } },
        { name: 'city_accommodation', using: { manual_configuration: { remote_table: { schema: 'public', name: 'accommodations' }, column_mapping: { city: 'city' } } } },
      ],
      array_relationships: [{ name: 'bookings', using: { foreign_key_constraint_on: { table: { schema: 'public', name: 'bookings' }, column: 'unit_id' } } }],
      select_permissions: [
        { role: 'host', permission: { columns: '*', filter: { accommodation: hostFilter } } },
        // Not the parent's own filter: must still be tested, on the parent row.
        { role: 'guide', permission: { columns: '*', filter: { accommodation: { city: { _eq: 'Szeged' } } } } },
        { role: 'city', permission: { columns: '*', filter: { city_accommodation: { name: { _eq: 'Citrom' } } } } },
      ],
    },
    {
      table: { schema: 'public', name: 'bookings' },
      object_relationships: [{ name: 'unit', using: { foreign_key_constraint_on: 'unit_id' } }],
      select_permissions: [
        { role: 'host', permission: { columns: '*', filter: { unit: { accommodation: hostFilter } } } },
        { role: 'guide', permission: { columns: '*', filter: { unit: { accommodation: { city: { _eq: 'Szeged' } } } } } },
      ],
    },
  ],
};

let db: Db;
let executor: Executor;
const statements: string[] = [];
const as = (role: string, userId = 'h1'): EngineSession => ({ role, variables: { 'x-hasura-role': role, 'x-hasura-user-id': userId }, isAdmin: false });
const run = async (session: EngineSession, query: string) => JSON.parse(await executor.run(session, { query })) as { data?: Record<string, unknown>; errors?: unknown };

beforeAll(async () => {
  // As initdb leaves it, from the cached snapshot (an initdb of its own costs ~5 s of CPU).
  db = await emptyDatabase();
  await db.exec(SCHEMA);
  const model = buildModel(metadata, await readCatalog(db), { stringifyNumerics: true });
  const prepared = db.queryPrepared?.bind(db);
  const recording: Db = {
    ...db,
    kind: db.kind,
    query: (sql, params) => (statements.push(sql), db.query(sql, params)),
    queryPrepared: prepared && ((sql, params) => (statements.push(sql), prepared(sql, params))),
  };
  executor = new Executor(model, recording);
});

afterAll(async () => {
  await db.close();
});

describe('nested permission filters that walk back to the parent', () => {
  it('a host sees only their rows at every level, in one statement without looking the parents up again', async () => {
    statements.length = 0;
    const r = await run(as('host'), '{ accommodations(order_by: {id: asc}) { name units(order_by: {id: asc}) { name bookings { guest } } } }');
    expect(r).toEqual({
      data: {
        accommodations: [
          { name: 'Alma', units: [{ name: 'A1', bookings: [{ guest: 'Ann' }] }, { name: 'A2', bookings: [{ guest: 'Bob' }] }] },
          { name: 'Barack', units: [{ name: 'B1', bookings: [{ guest: 'Cid' }] }] },
        ],
      },
    });
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toContain('EXISTS');
    // From the other end the relationships are real lookups, with the same answer.
    const flat = await run(as('host', 'h2'), '{ bookings { guest unit { name accommodation { name } } } }');
    expect(flat).toEqual({ data: { bookings: [{ guest: 'Dan', unit: { name: 'C1', accommodation: { name: 'Citrom' } } }] } });
  });

  it('a child filter other than the parent\'s own is still applied, on the parent row', async () => {
    const r = await run(as('guide'), '{ accommodations(order_by: {id: asc}) { name units(order_by: {id: asc}) { name bookings { guest } } } }');
    expect(r).toEqual({
      data: {
        accommodations: [
          { name: 'Alma', units: [{ name: 'A1', bookings: [{ guest: 'Ann' }] }, { name: 'A2', bookings: [{ guest: 'Bob' }] }] },
          { name: 'Barack', units: [] },
          { name: 'Citrom', units: [{ name: 'C1', bookings: [{ guest: 'Dan' }] }] },
        ],
      },
    });
  });

  it('rows reached through an object relationship and back through an array one', async () => {
    const r = await run(as('host'), '{ bookings(where: {guest: {_eq: "Ann"}}) { guest unit { name bookings { guest } accommodation { name units(order_by: {id: asc}) { name } } } } }');
    expect(r).toEqual({
      data: { bookings: [{ guest: 'Ann', unit: { name: 'A1', bookings: [{ guest: 'Ann' }], accommodation: { name: 'Alma', units: [{ name: 'A1' }, { name: 'A2' }] } } }] },
    });
  });

  it('where arguments walking back to the parent keep their meaning', async () => {
    const r = await run(as('guide'), '{ accommodations(order_by: {id: asc}) { name units(where: {accommodation: {name: {_eq: "Alma"}}}, order_by: {id: asc}) { name } } }');
    expect(r).toEqual({ data: { accommodations: [{ name: 'Alma', units: [{ name: 'A1' }, { name: 'A2' }] }, { name: 'Barack', units: [] }, { name: 'Citrom', units: [] }] } });
  });

  it('a relationship back on columns that are not a key of the parent is looked up in full', async () => {
    // Alma's city units are visible because *some* accommodation in Szeged is named Citrom,
    // though Alma itself is not.
    const r = await run(as('city'), '{ accommodations(where: {name: {_eq: "Alma"}}) { city_units(order_by: {id: asc}) { name } } }');
    expect(r).toEqual({ data: { accommodations: [{ city_units: [{ name: 'A1' }, { name: 'A2' }, { name: 'C1' }] }] } });
  });
});
