// A booked unit's nights lie within its booking's dates (migration 1795700000000): checked by the
// database at commit, so a booking and its units may move together in one request; attacked here
// with real tokens on the embedded backend, and with two open transactions on a server Postgres.
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { constraintName, uniquenessViolation } from '../../src/domain/uniqueness';
import { startTestBackend } from '../helpers/backend';
import { demoDay } from '../helpers/dates';
import { DEMO_DATA, startTempPostgres, type TempPostgres } from '../helpers/postgres';
import { ACC, DEMO, makeClient, UNIT, type Caller, type Client, type GqlResult } from './permissionsClient';

const ADMIN: Caller = 'admin-secret';
const MEMBER: Caller = { role: 'member', userId: DEMO.member };
const MANAGER: Caller = { role: 'manager', userId: DEMO.manager };
const CONSTRAINT = 'booked_units_within_booking_check';

const INSERT_BOOKING = 'mutation($o: bookings_insert_input!) { insert_bookings_one(object: $o) { id booked_units { id } } }';
const SET_BOOKING = 'mutation($id: uuid!, $set: bookings_set_input!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: $set) { id } }';
const SET_UNIT = 'mutation($id: uuid!, $set: booked_units_set_input!) { update_booked_units_by_pk(pk_columns: {id: $id}, _set: $set) { id } }';
const INSERT_UNIT = 'mutation($o: booked_units_insert_input!) { insert_booked_units_one(object: $o) { id } }';
const STAY = 'query($id: uuid!) { bookings_by_pk(id: $id) { checkin checkout booked_units(order_by: {checkin: asc}) { checkin checkout } } }';

function text(locale: string, key: string): string {
  const [ns, rest] = key.split(':');
  const json = JSON.parse(fs.readFileSync(path.join(__dirname, '../../public/locales', locale, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  return rest.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], json) as string;
}

function expectRefused(r: GqlResult) {
  expect(r.errors?.[0]?.extensions.code, JSON.stringify(r)).toBe('constraint-violation');
  expect(constraintName(r.errors![0])).toBe(CONSTRAINT);
  // The editor shows it on the units, in both languages.
  const shown = uniquenessViolation(r.errors!);
  expect(shown).toEqual({ field: 'units', messageKey: 'booking:errors.unitDates' });
  expect(text('en', shown!.messageKey)).toBe("A booked unit's nights must lie within the booking's dates");
  expect(text('hu', shown!.messageKey)).toMatch(/foglalás dátumain belül/);
}

/** A booking of the Váci Loft, days `from`..`to` from today, with one booked unit on `unit` (default the whole stay). */
async function book(client: Client, from: number, to: number, unit: [number, number] = [from, to]) {
  const r = await client.gql<{ insert_bookings_one: { id: string; booked_units: { id: string }[] } }>(MEMBER, INSERT_BOOKING, {
    o: { accommodation_id: ACC.vaci, customer_name: 'Dates Guest', channel: 'direct', checkin: demoDay(from), checkout: demoDay(to), adults: 1, booked_units: { data: [{ unit_id: UNIT.loftA, checkin: demoDay(unit[0]), checkout: demoDay(unit[1]), adults: 1 }] } },
  });
  return r;
}

describe('booked unit dates on the embedded backend, with real tokens', () => {
  let backend: RunningBackend;
  let client: Client;
  const stay = async (id: string) => (await client.data<{ bookings_by_pk: { checkin: string; checkout: string; booked_units: { checkin: string; checkout: string }[] } }>(ADMIN, STAY, { id })).bookings_by_pk;
  beforeAll(async () => {
    backend = await startTestBackend({ applySeeds: true });
    client = makeClient(backend);
  }, 300_000);
  afterAll(async () => {
    await backend?.close();
  });

  it('a new booking whose unit starts before or ends after it is refused, nothing stored', async () => {
    expectRefused(await book(client, 400, 404, [399, 404]));
    expectRefused(await book(client, 400, 404, [400, 405]));
    const none = await client.data<{ bookings: unknown[] }>(ADMIN, `{ bookings(where: {customer_name: {_eq: "Dates Guest"}}) { id } }`);
    expect(none.bookings).toHaveLength(0);
    // Part of the stay is fine (a unit for the first two nights only).
    const ok = await book(client, 400, 404, [400, 402]);
    expect(ok.errors).toBeUndefined();
  });

  it('moving a unit out of its booking, or the booking away from its units, is refused; moving both in one request is not', async () => {
    const created = await book(client, 410, 414, [410, 412]);
    const id = created.data!.insert_bookings_one.id;
    const unitId = created.data!.insert_bookings_one.booked_units[0].id;
    expectRefused(await client.gql(MEMBER, SET_UNIT, { id: unitId, set: { checkout: demoDay(415) } }));
    expectRefused(await client.gql(MEMBER, SET_BOOKING, { id, set: { checkin: demoDay(411) } }));
    expectRefused(await client.gql(MEMBER, INSERT_UNIT, { o: { booking_id: id, unit_id: UNIT.loftA, checkin: demoDay(414), checkout: demoDay(416), adults: 1 } }));
    expect(await stay(id)).toEqual({ checkin: demoDay(410), checkout: demoDay(414), booked_units: [{ checkin: demoDay(410), checkout: demoDay(412) }] });
    // The editor's way: booking and unit in one request, unit first (the check waits for the commit).
    const both = await client.gql(MEMBER, `mutation($id: uuid!, $u: uuid!, $b: bookings_set_input!, $s: booked_units_set_input!) {
      a: update_booked_units_by_pk(pk_columns: {id: $u}, _set: $s) { id }
      b: update_bookings_by_pk(pk_columns: {id: $id}, _set: $b) { id } }`, { id, u: unitId, s: { checkin: demoDay(420), checkout: demoDay(422) }, b: { checkin: demoDay(420), checkout: demoDay(424) } });
    expect(both.errors).toBeUndefined();
    expect(await stay(id)).toEqual({ checkin: demoDay(420), checkout: demoDay(424), booked_units: [{ checkin: demoDay(420), checkout: demoDay(422) }] });
    // A unit that followed the booking's dates moves with it (bookings_after_update), as before.
    const follower = (await book(client, 430, 433)).data!.insert_bookings_one.id;
    expect((await client.gql(MEMBER, SET_BOOKING, { id: follower, set: { checkin: demoDay(431), checkout: demoDay(435) } })).errors).toBeUndefined();
    expect((await stay(follower)).booked_units).toEqual([{ checkin: demoDay(431), checkout: demoDay(435) }]);
  });

  it('hostile requests: wrong types, another role, a forged token; nothing changes', async () => {
    const created = await book(client, 440, 443);
    const id = created.data!.insert_bookings_one.id;
    const unitId = created.data!.insert_bookings_one.booked_units[0].id;
    const before = await stay(id);
    const wrongType = await client.gql(MEMBER, SET_UNIT, { id: unitId, set: { checkout: 'tomorrow' } });
    expect(wrongType.errors?.[0]?.extensions.code).not.toBe(undefined);
    const hugeDate = await client.gql(MEMBER, SET_UNIT, { id: unitId, set: { checkout: '99999-01-01' } });
    expect(hugeDate.errors).toBeDefined();
    // A manager of the Váci Loft may not move booked units at all.
    const manager = await client.gql(MANAGER, SET_UNIT, { id: unitId, set: { checkout: demoDay(450) } });
    expect(manager.errors ?? manager.data?.update_booked_units_by_pk ?? null).not.toBeNull();
    expect(manager.data?.update_booked_units_by_pk ?? null).toBeNull();
    // A member token with its signature changed.
    const good = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['admin'], 'x-hasura-default-role': 'admin', 'x-hasura-user-id': DEMO.member }, sub: DEMO.member }, 900);
    const forged = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` }, body: JSON.stringify({ query: SET_UNIT, variables: { id: unitId, set: { checkout: demoDay(460) } } }) });
    const body = (await res.json()) as GqlResult;
    expect(body.errors?.[0]?.extensions.code).toMatch(/invalid-jwt|jwt/);
    expect(await stay(id)).toEqual(before);
  });
});

describe('booked unit dates under concurrency on a server Postgres', () => {
  let server: TempPostgres | null;
  let backend: RunningBackend;
  let url: string;
  beforeAll(async () => {
    server = await startTempPostgres();
    url = await server.createDatabase('booked_unit_dates', { migrated: DEMO_DATA });
    backend = await startTestBackend({ databaseUrl: url, applySeeds: true });
  }, 180_000);
  afterAll(async () => {
    await backend?.close();
    server?.stop();
  });

  it('one transaction shrinks the booking while another stretches its unit: whichever commits second fails', async () => {
    expect(backend.ctx.db.kind).toBe('postgres');
    const a = new pg.Client({ connectionString: url });
    const b = new pg.Client({ connectionString: url });
    await a.connect();
    await b.connect();
    try {
      for (const [n, order] of [[0, 'booking first'], [1, 'unit first']] as const) {
        const id = `b0000000-0000-4000-a000-00000000000${n}`;
        const unit = `c0000000-0000-4000-a000-00000000000${n}`;
        const base = 470 + n * 20;
        await a.query(`INSERT INTO bookings (id, accommodation_id, customer_name, checkin, checkout) VALUES ($1, $2, 'Race Guest', $3, $4)`, [id, ACC.vaci, demoDay(base), demoDay(base + 10)]);
        await a.query(`INSERT INTO booked_units (id, booking_id, unit_id, checkin, checkout) VALUES ($1, $2, $3, $4, $5)`, [unit, id, UNIT.loftA, demoDay(base), demoDay(base + 5)]);
        await a.query('BEGIN');
        await b.query('BEGIN');
        // Each change alone is valid: the unit within the old booking, the booking around the old unit.
        const shrink = () => a.query('UPDATE bookings SET checkout = $2 WHERE id = $1', [id, demoDay(base + 5)]);
        const stretch = () => b.query('UPDATE booked_units SET checkout = $2 WHERE id = $1', [unit, demoDay(base + 8)]);
        if (order === 'booking first') {
          await shrink();
          await stretch();
        } else {
          await stretch();
          await shrink();
        }
        let done = false;
        const second = b.query('COMMIT').then(
          () => ({ ok: true as const }),
          (e: { code?: string; constraint?: string }) => ({ ok: false as const, code: e.code, constraint: e.constraint }),
        ).finally(() => (done = true));
        await new Promise((r) => setTimeout(r, 300));
        expect(done, `${order}: the unit's commit waits for the open booking change`).toBe(false);
        await a.query('COMMIT');
        expect(await second, order).toEqual({ ok: false, code: '23514', constraint: CONSTRAINT });
        const rows = await a.query<{ outside: boolean }>('SELECT bu.checkout > bk.checkout AS outside FROM booked_units bu JOIN bookings bk ON bk.id = bu.booking_id WHERE bu.id = $1', [unit]);
        expect(rows.rows[0].outside, `${order}: no unit outside its booking`).toBe(false);
      }
    } finally {
      await a.end();
      await b.end();
    }
  }, 60_000);
});
