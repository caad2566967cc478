// The rules the database itself holds (nhost/migrations), seen through the GraphQL engine as the
// app sees them: uniqueness and check constraints answer with Hasura's `constraint-violation` and
// the constraint's name, which src/domain/uniqueness maps to the spec's user-facing messages; no
// two active stays of a unit overlap, also under concurrent requests on a server Postgres.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { constraintName, uniquenessViolation } from '../../src/domain/uniqueness';
import { startTestBackend } from '../helpers/backend';
import { demoDay, demoMonth } from '../helpers/dates';
import { backendPid, DEMO_DATA, startTempPostgres, waitsOnLock, type TempPostgres } from '../helpers/postgres';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client, type GqlError } from './permissionsClient';

const ADMIN: Caller = 'admin-secret';
const MEMBER: Caller = { role: 'member', userId: DEMO.member };

/** The English text of a message key written `namespace:path.to.key`, as the form kit writes them. */
function translate(fullKey: string): string {
  const [namespace, key] = fullKey.split(':');
  const file = path.join(__dirname, '../../public/locales/en', `${namespace}.json`);
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const value = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], json);
  if (typeof value !== 'string') throw new Error(`no ${namespace}:${key} in en`);
  return value;
}

const insertOne = (table: string) => `mutation($o: ${table}_insert_input!) { insert_${table}_one(object: $o) { __typename } }`;

/** A booking with its booked unit, inserted in one request (nested insert, one transaction). */
function bookingInput(unitId: string, accommodationId: string, checkin: string, checkout: string, status = 'new') {
  return {
    accommodation_id: accommodationId,
    customer_name: 'Concurrent Guest',
    channel: 'direct',
    status,
    checkin,
    checkout,
    adults: 1,
    booked_units: { data: [{ unit_id: unitId, checkin, checkout, adults: 1 }] },
  };
}

async function expectViolation(client: Client, caller: Caller, table: string, object: Record<string, unknown>, constraint: string): Promise<GqlError> {
  const r = await client.gql(caller, insertOne(table), { o: object });
  expect(r.errors?.[0]?.extensions.code, JSON.stringify(r)).toBe('constraint-violation');
  expect(constraintName(r.errors![0]), r.errors![0].message).toBe(constraint);
  return r.errors![0];
}

describe('constraints on the embedded database (PGlite)', () => {
  let backend: RunningBackend;
  let client: Client;
  beforeAll(async () => {
    backend = await startTestBackend({ applySeeds: true });
    client = makeClient(backend);
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('uniqueness rules map to the spec messages', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['rates', { unit_id: UNIT.loftA, name: 'Standard', occupancy: 1, currency: 'HUF', price: 10 }, 'rates_unit_id_name_key', 'Rate name (per unit) must be unique'],
      ['rates', { unit_id: UNIT.loftA, name: 'Standard again', occupancy: 3, currency: 'EUR', price: 10 }, 'rates_unit_id_occupancy_currency_key', 'Cannot have more than one occupancy/currency pairs'],
      ['units', { accommodation_id: ACC.vaci, name: 'Loft A' }, 'units_accommodation_id_name_key', 'Unit name (per accommodation) must be unique'],
      ['tourist_tax_ranges', { accommodation_id: ACC.vaci, type: 'PERCENT', value: 4, valid_from: demoDay(0) }, 'tourist_tax_ranges_no_overlap', 'Tax ranges of an accommodation must not overlap'],
    ];
    for (const [table, object, constraint, text] of cases) {
      const error = await expectViolation(client, MEMBER, table, object, constraint);
      const mapped = uniquenessViolation([error]);
      expect(mapped, constraint).not.toBeNull();
      expect(translate(mapped!.messageKey)).toBe(text);
    }
    // The same name in another unit, and a derived rate on a taken occupancy/currency pair, are fine.
    const standard = await client.data<{ rates: { id: string }[] }>(ADMIN, `{ rates(where: {unit_id: {_eq: "${UNIT.loftA}"}, name: {_eq: "Standard"}}) { id } }`);
    for (const object of [
      { unit_id: UNIT.loftA, name: 'Weekly', occupancy: 3, currency: 'EUR', price: 80, parent_rate_id: standard.rates[0].id, derived_change_type: 'PERCENT', derived_change_value: -15 },
      { accommodation_id: ACC.kiraly, name: 'Loft A' },
    ]) {
      const table = 'unit_id' in object ? 'rates' : 'units';
      const r = await client.gql(MEMBER, insertOne(table), { o: object });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    }
  });

  it('check constraints reject bad money, dates, occupancies and tax ranges', async () => {
    const booking = { accommodation_id: ACC.raday, customer_name: 'Check Guest', checkin: demoDay(200), checkout: demoDay(202) };
    const rate = { unit_id: UNIT.studio, occupancy: 1, currency: 'HUF', price: 100 };
    const cases: [string, Record<string, unknown>, string][] = [
      ['bookings', { ...booking, checkout: demoDay(200) }, 'bookings_dates_check'],
      ['bookings', { ...booking, adults: 0 }, 'bookings_guests_check'],
      ['bookings', { ...booking, accommodation_fee: -1 }, 'bookings_fees_check'],
      ['rates', { ...rate, name: 'Negative', price: -5 }, 'rates_price_check'],
      ['rates', { ...rate, name: 'Clamp', min_price: 100, max_price: 50 }, 'rates_min_max_price_check'],
      ['rates', { ...rate, name: 'Stay', min_stay: 5, max_stay: 2 }, 'rates_stay_check'],
      ['rates', { ...rate, name: 'Modifier', modifier_direction: 'increase', modifier_type: 'PERCENT', modifier_value: 150 }, 'rates_modifier_check'],
      ['units', { accommodation_id: ACC.raday, name: 'Nobody', occ_adults: 0 }, 'units_occupancy_check'],
      ['units', { accommodation_id: ACC.raday, name: 'Minus beds', single_beds: -1 }, 'units_beds_check'],
      ['tourist_tax_ranges', { accommodation_id: ACC.raday, type: 'PERCENT', value: 150, valid_from: demoDay(1500) }, 'tourist_tax_ranges_value_check'],
      ['tourist_tax_ranges', { accommodation_id: ACC.raday, type: 'FIX', value: 500, valid_from: demoDay(1500), valid_to: demoDay(1100) }, 'tourist_tax_ranges_valid_check'],
      ['expenses', { accommodation_id: ACC.raday, date: demoDay(-2), expense_type: 'other', description: 'Nothing', amount: 0, currency: 'HUF' }, 'expenses_amount_check'],
      ['threads', { priority: 3 }, 'threads_priority_check'],
      ['monthly_closings', { contractor_id: '20000000-0000-4000-a000-000000000003', month: `${demoMonth(0).slice(0, 8)}15` }, 'monthly_closings_month_check'],
      ['monthly_closings', { owner_id: '10000000-0000-4000-a000-000000000003', contractor_id: '20000000-0000-4000-a000-000000000003', month: demoMonth(0) }, 'monthly_closings_party_check'],
      ['invoices', { number: 'BAD-1', owner_id: '10000000-0000-4000-a000-000000000003', issued_on: demoDay(-2), due_on: demoDay(-21), currency: 'HUF', net_amount: 1, gross_amount: 1 }, 'invoices_dates_check'],
      ['invoices', { number: 'BAD-2', owner_id: '10000000-0000-4000-a000-000000000003', issued_on: demoDay(-2), due_on: demoDay(9), currency: 'HUF', net_amount: 100, vat_amount: 27, gross_amount: 200 }, 'invoices_amounts_check'],
    ];
    for (const [table, object, constraint] of cases) {
      const error = await expectViolation(client, ADMIN, table, object, constraint);
      expect(error.message).toMatch(/^Check constraint violation\. /);
    }
    // Notes are required for a failed inspection check.
    const check = await client.data<{ inspection_checks: { inspection_id: string; check_id: string }[] }>(ADMIN, '{ inspection_checks(where: {result: {_eq: passed}}, limit: 1) { inspection_id check_id } }');
    const { inspection_id, check_id } = check.inspection_checks[0];
    const failed = await client.gql(ADMIN, 'mutation($i: uuid!, $c: uuid!, $s: inspection_checks_set_input) { update_inspection_checks_by_pk(pk_columns: {inspection_id: $i, check_id: $c}, _set: $s) { result } }', { i: inspection_id, c: check_id, s: { result: 'failed' } });
    expect(failed.errors?.[0].extensions.code).toBe('constraint-violation');
    expect(constraintName(failed.errors![0])).toBe('inspection_checks_failed_notes_check');
    const withNotes = await client.gql(ADMIN, 'mutation($i: uuid!, $c: uuid!, $s: inspection_checks_set_input) { update_inspection_checks_by_pk(pk_columns: {inspection_id: $i, check_id: $c}, _set: $s) { result } }', { i: inspection_id, c: check_id, s: { result: 'failed', notes: 'Cracked tile' } });
    expect(withNotes.errors).toBeUndefined();
  });

  it('a booked unit holds the unit capacity, and check-ins the booked guests', async () => {
    const tooMany = await client.gql(MEMBER, insertOne('bookings'), {
      o: { ...bookingInput(UNIT.studio, ACC.palace, demoDay(230), demoDay(232)), adults: 3, booked_units: { data: [{ unit_id: UNIT.studio, checkin: demoDay(230), checkout: demoDay(232), adults: 3 }] } },
    });
    expect(tooMany.errors?.[0].extensions.code).toBe('constraint-violation');
    expect(tooMany.errors?.[0].message).toBe('Check constraint violation. The unit reached its maximum capacity');
    const stay = await client.data<{ insert_bookings_one: { booked_units: { id: string }[] } }>(
      MEMBER,
      'mutation($o: bookings_insert_input!) { insert_bookings_one(object: $o) { booked_units { id } } }',
      { o: bookingInput(UNIT.studio, ACC.palace, demoDay(230), demoDay(232)) },
    );
    const guest = { booking_unit_id: stay.insert_bookings_one.booked_units[0].id, first_name: 'Ada', last_name: 'Lovelace', dob: '1990-12-10', nationality: 'GB', country: 'GB', document_type: 'passport', checkin_time: `${demoDay(230)}T14:00:00Z`, checkout_time: `${demoDay(232)}T09:00:00Z` };
    expect((await client.gql(MEMBER, insertOne('guest_checkins'), { o: { ...guest, document_id: 'P1' } })).errors).toBeUndefined();
    const second = await client.gql(MEMBER, insertOne('guest_checkins'), { o: { ...guest, first_name: 'Byron', document_id: 'P2' } });
    expect(second.errors?.[0].message).toBe('Check constraint violation. capacity reached for booked guests');
  });

  it('no two active stays of a unit overlap; cancelled stays free their nights', async () => {
    const existing = await client.data<{ booked_units: { checkin: string; checkout: string }[] }>(
      ADMIN,
      `{ booked_units(where: {unit_id: {_eq: "${UNIT.loftA}"}, is_cancelled: {_eq: false}, checkin: {_gte: "${demoDay(9)}"}}, limit: 1, order_by: {checkin: asc}) { checkin checkout } }`,
    );
    const { checkin, checkout } = existing.booked_units[0];
    const count = async () => (await client.data<{ bookings_aggregate: { aggregate: { count: number } } }>(ADMIN, '{ bookings_aggregate { aggregate { count } } }')).bookings_aggregate.aggregate.count;
    const before = await count();
    const overlap = await client.gql(MEMBER, insertOne('bookings'), { o: bookingInput(UNIT.loftA, ACC.vaci, checkin, checkout) });
    expect(overlap.errors?.[0].extensions.code).toBe('constraint-violation');
    expect(overlap.errors?.[0].message).toBe('Exclusion violation. conflicting key value violates exclusion constraint "booked_units_no_overlap"');
    expect(await count(), 'the rejected booking left nothing behind').toBe(before);
    // Arriving on the day the previous guest leaves is fine.
    const next = new Date(Date.parse(`${checkout}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const adjacent = await client.gql(MEMBER, insertOne('bookings'), { o: bookingInput(UNIT.loftA, ACC.vaci, checkout, next) });
    expect(adjacent.errors, JSON.stringify(adjacent.errors)).toBeUndefined();

    // Cancel, rebook the same nights, then re-activating the cancelled one is refused.
    const first = await client.data<{ insert_bookings_one: { id: string } }>(MEMBER, 'mutation($o: bookings_insert_input!) { insert_bookings_one(object: $o) { id } }', { o: bookingInput(UNIT.studio, ACC.palace, demoDay(170), demoDay(173)) });
    const setStatus = (id: string, status: string) => client.gql(MEMBER, 'mutation($id: uuid!, $s: bookings_set_input) { update_bookings_by_pk(pk_columns: {id: $id}, _set: $s) { status } }', { id, s: { status } });
    expect((await setStatus(first.insert_bookings_one.id, 'cancelled')).errors).toBeUndefined();
    const rebooked = await client.gql(MEMBER, insertOne('bookings'), { o: bookingInput(UNIT.studio, ACC.palace, demoDay(171), demoDay(174)) });
    expect(rebooked.errors).toBeUndefined();
    const reactivate = await setStatus(first.insert_bookings_one.id, 'modified');
    expect(reactivate.errors?.[0].extensions.code).toBe('constraint-violation');
    expect(constraintName(reactivate.errors![0])).toBe('booked_units_no_overlap');

    // The cancelled flag of a stay follows its booking: it cannot be flipped to free the nights.
    const stay = await client.data<{ booked_units: { id: string }[] }>(ADMIN, `{ booked_units(where: {booking_id: {_eq: "${first.insert_bookings_one.id}"}}) { id } }`);
    const flip = 'mutation($id: uuid!, $s: booked_units_set_input) { update_booked_units_by_pk(pk_columns: {id: $id}, _set: $s) { is_cancelled } }';
    expect((await client.gql(MEMBER, flip, { id: stay.booked_units[0].id, s: { is_cancelled: false } })).errors?.[0].extensions.code).toBe('validation-failed');
    const forced = await client.data<{ update_booked_units_by_pk: { is_cancelled: boolean } }>(ADMIN, flip, { id: stay.booked_units[0].id, s: { is_cancelled: false } });
    expect(forced.update_booked_units_by_pk.is_cancelled).toBe(true);
  });

  it('20 concurrent requests for the same nights: exactly one books', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.gql(MEMBER, insertOne('bookings'), { o: bookingInput(UNIT.gardenOne, ACC.kiraly, i % 2 ? demoDay(190) : demoDay(191), demoDay(193)) })),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) expect(constraintName(r.errors![0])).toBe('booked_units_no_overlap');
    const stays = await client.data<{ booked_units: unknown[] }>(ADMIN, `{ booked_units(where: {unit_id: {_eq: "${UNIT.gardenOne}"}, checkin: {_gte: "${demoDay(183)}", _lte: "${demoDay(199)}"}}) { id } }`);
    expect(stays.booked_units).toHaveLength(1);
  });
});

describe('constraints on a server Postgres under concurrency', () => {
  let server: TempPostgres | null;
  let backend: RunningBackend;
  let client: Client;
  let url: string;
  beforeAll(async () => {
    server = await startTempPostgres();
    if (!server) throw new Error('PostgreSQL server binaries not found: install Debian postgresql (.ci/run does)');
    url = await server.createDatabase('permissions_constraints', { migrated: DEMO_DATA });
    backend = await startTestBackend({ databaseUrl: url, applySeeds: true });
    client = makeClient(backend);
  });
  afterAll(async () => {
    await backend?.close();
    server?.stop();
  });

  it('20 concurrent GraphQL bookings of the same nights: exactly one succeeds, the rest get the overlap error', async () => {
    expect(backend.ctx.db.kind).toBe('postgres');
    const count = async () => (await client.data<{ bookings_aggregate: { aggregate: { count: number } } }>(ADMIN, '{ bookings_aggregate { aggregate { count } } }')).bookings_aggregate.aggregate.count;
    const before = await count();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.gql(MEMBER, insertOne('bookings'), { o: bookingInput(UNIT.studio, ACC.palace, demoDay(190), i % 3 ? demoDay(194) : demoDay(192)) })),
    );
    const failures = results.filter((r) => r.errors);
    expect(results.length - failures.length).toBe(1);
    for (const r of failures) {
      expect(r.errors![0].extensions.code).toBe('constraint-violation');
      expect(constraintName(r.errors![0])).toBe('booked_units_no_overlap');
    }
    expect(await count(), 'only the winner added a booking').toBe(before + 1);
  });

  it('two open transactions: the second insert waits for the first and then fails', async () => {
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await a.connect();
    await b.connect();
    const bPid = await backendPid(b);
    try {
      const stay = async (c: pg.Client, id: string) => {
        await c.query(`INSERT INTO bookings (id, accommodation_id, customer_name, checkin, checkout) VALUES ($1, $2, 'Tx Guest', $3, $4)`, [id, ACC.vaci, demoDay(260), demoDay(263)]);
        await c.query(`INSERT INTO booked_units (booking_id, unit_id, checkin, checkout) VALUES ($1, $2, $3, $4)`, [id, UNIT.loftA, demoDay(260), demoDay(263)]);
      };
      await a.query('BEGIN');
      await b.query('BEGIN');
      await stay(a, 'a0000000-0000-4000-a000-000000000001');
      let secondDone = false;
      const second = stay(b, 'a0000000-0000-4000-a000-000000000002').then(
        () => ({ ok: true as const }),
        (e: { code?: string; constraint?: string }) => ({ ok: false as const, code: e.code, constraint: e.constraint }),
      ).finally(() => (secondDone = true));
      expect(await waitsOnLock(a, bPid, () => secondDone), 'the second transaction waits for the first').toBe(true);
      expect(secondDone).toBe(false);
      await a.query('COMMIT');
      expect(await second).toEqual({ ok: false, code: '23P01', constraint: 'booked_units_no_overlap' });
      await b.query('ROLLBACK');
    } finally {
      await a.end();
      await b.end();
    }
  });
});
