// The calendar's operations on the real embedded backend (seeded demo data, the product's metadata)
// with real tokens: the live window reaches another user within 2 s, every role reads only its
// units, and the bulk edits (closed, min/max stay, price, closed to arrival/departure) are refused to
// owners, cleaners, communicators, managers on units they do not manage, and for values of the
// wrong type or range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { print } from 'graphql';
import { createClient, type Client as WsClient } from 'graphql-ws';
import { SignJWT } from 'jose';
import { WebSocket } from 'ws';
import { uniquenessViolation } from '@/domain/uniqueness';
import type { RunningBackend } from '../../../../backend/server';
import { startTestBackend } from '../../../../tests/helpers/backend';
import { DEMO, makeClient, type Caller, type Client } from '../../../../tests/integration/permissionsClient';
import { CalendarOccupancyDocument, type CalendarOccupancySubscription } from './calendarOccupancy.generated';
import { CalendarPriceRulesDocument, type CalendarPriceRulesSubscription } from './calendarPriceRules.generated';
import { CalendarWindowDocument, type CalendarWindowSubscription } from './calendarWindow.generated';
import { SetRateDatesArrivalDepartureDocument } from './setRateDatesArrivalDeparture.generated';
import { SetRateDatesPriceDocument } from './setRateDatesPrice.generated';
import { SetUnitDatesClosedDocument } from './setUnitDatesClosed.generated';
import { SetRateDatesMaxStayDocument } from './setRateDatesMaxStay.generated';
import { SetRateDatesMinStayDocument } from './setRateDatesMinStay.generated';
import { SetUnitDatesMaxStayDocument } from './setUnitDatesMaxStay.generated';
import { SetUnitDatesMinStayDocument } from './setUnitDatesMinStay.generated';

const WINDOW = print(CalendarWindowDocument);
const OCCUPANCY = print(CalendarOccupancyDocument);
const RULES = print(CalendarPriceRulesDocument);
const RULES_QUERY = RULES.replace('subscription', 'query');
const CLOSE = print(SetUnitDatesClosedDocument);
const MIN_STAY = print(SetUnitDatesMinStayDocument);
const PRICE = print(SetRateDatesPriceDocument);
const ARR_DEP = print(SetRateDatesArrivalDepartureDocument);
const UNIT_MAX = print(SetUnitDatesMaxStayDocument);
const RATE_MIN = print(SetRateDatesMinStayDocument);
const RATE_MAX = print(SetRateDatesMaxStayDocument);
const RANGE = { from: '2027-03-01', to: '2027-04-01' };

const as = (role: string, userId: string): Caller => ({ role, userId });
const OWNER = as('owner', DEMO.owner);
const MEMBER = as('member', DEMO.member);
const MANAGER = as('manager', DEMO.manager);
const CLEANER = as('cleaner', DEMO.cleaner);
const COMMUNICATOR = as('communicator', DEMO.communicator);

let backend: RunningBackend;
let client: Client;
const sockets: WsClient[] = [];

async function unitIds(where: Record<string, unknown>): Promise<string[]> {
  const r = await client.data<{ units: { id: string }[] }>('admin-secret', 'query ($w: units_bool_exp!) { units(where: $w, order_by: {id: asc}) { id } }', { w: where });
  return r.units.map((u) => u.id);
}

const managedBy = (u: string) => ({ accommodation: { _or: [{ created_by_user_id: { _eq: u } }, { units: { unit_2_users: { user_id: { _eq: u }, connection_type: { _eq: 'manager' } } } }] } });

async function subscribe<T>(role: string, userId: string, query: string, variables: Record<string, unknown>, onData: (data: T) => void): Promise<void> {
  const token = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': [role], 'x-hasura-default-role': role, 'x-hasura-user-id': userId, 'x-hasura-user-is-anonymous': 'false' }, sub: userId }, 900);
  const ws = createClient({ url: `${backend.url.replace('http', 'ws')}/v1/graphql`, webSocketImpl: WebSocket, connectionParams: { headers: { Authorization: `Bearer ${token}` } }, retryAttempts: 0 });
  sockets.push(ws);
  await new Promise<void>((resolve, reject) => {
    let first = true;
    ws.subscribe<T>(
      { query, variables },
      {
        next: (msg) => {
          if (msg.errors) reject(new Error(JSON.stringify(msg.errors)));
          else if (msg.data) onData(msg.data);
          if (first) {
            first = false;
            resolve();
          }
        },
        error: reject,
        complete: () => undefined,
      },
    );
  });
}

async function until(probe: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!probe()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - start;
}

const nights = (unitId: string, dates: string[], extra: Record<string, unknown>) => dates.map((date) => ({ unit_id: unitId, date, ...extra }));

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) await s.dispose();
  await backend?.close();
});

describe('the live window', () => {
  it('shows an owner only their units, and a member closing nights reaches them within 2 s', async () => {
    const own = await unitIds({ accommodation: { owner: { user_id: { _eq: DEMO.owner } } } });
    const all = await unitIds({});
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all.length);
    let latest: CalendarWindowSubscription | null = null;
    await subscribe<CalendarWindowSubscription>('owner', DEMO.owner, WINDOW, { units: {}, ...RANGE }, (d) => (latest = d));
    const seen = () => (latest as CalendarWindowSubscription | null)?.units ?? [];
    expect(seen().map((u) => u.id).sort()).toEqual(own);
    // The owner's rates come with the rules that price them (metadata lets owners read those).
    expect(seen().flatMap((u) => u.rates).length).toBeGreaterThan(0);

    const unit = own[0];
    const r = await client.gql(MEMBER, CLOSE, { objects: nights(unit, ['2027-03-10', '2027-03-11', '2027-03-12'], { is_closed: true }) });
    expect(r.errors).toBeUndefined();
    const took = await until(() => seen().find((u) => u.id === unit)?.unit_dates.filter((d) => d.is_closed).length === 3, 2000);
    expect(took).toBeLessThan(2000);

    // Opening again keeps the rows (upsert of is_closed only) and arrives as well.
    await client.data(MEMBER, CLOSE, { objects: nights(unit, ['2027-03-11'], { is_closed: false }) });
    await until(() => seen().find((u) => u.id === unit)?.unit_dates.filter((d) => d.is_closed).length === 2, 2000);
  });

  it('gives cleaners occupancy of the units they clean and refuses them the priced window', async () => {
    const cleaned = await unitIds({ unit_2_users: { user_id: { _eq: DEMO.cleaner }, connection_type: { _eq: 'cleaner' } } });
    let latest: CalendarOccupancySubscription | null = null;
    await subscribe<CalendarOccupancySubscription>('cleaner', DEMO.cleaner, OCCUPANCY, { units: {}, ...RANGE }, (d) => (latest = d));
    expect((latest as CalendarOccupancySubscription | null)?.units.map((u) => u.id).sort()).toEqual(cleaned);
    const refused = await client.gql(CLEANER, WINDOW.replace('subscription', 'query'), { units: {}, ...RANGE });
    expect(refused.errors?.[0]?.extensions.code).toBe('validation-failed');
    // Guest names stay hidden: the booking is not reachable from a cleaner's stays.
    const names = await client.gql(CLEANER, `{ booked_units { booking { customer_name } } }`);
    expect(names.errors?.[0]?.extensions.code).toBe('validation-failed');
  });

  it('refuses the window without a token', async () => {
    const r = await client.gql('public', WINDOW.replace('subscription', 'query'), { units: {}, ...RANGE });
    expect(r.errors?.[0]?.extensions.code).toBe('validation-failed');
  });
});

describe('the price rules of the shown units', () => {
  const rulesOf = async (units: Record<string, unknown>) =>
    (await client.data<{ price_rules: { id: string }[] }>('admin-secret', 'query ($u: units_bool_exp!) { price_rules(where: {price_rule_assignments: {rate: {unit: $u}}}, order_by: {id: asc}) { id } }', { u: units })).price_rules.map((r) => r.id);

  it('sends each rule once, only those the shown units’ rates name, and an owner only those of their own rates', async () => {
    // A rule no rate names is never sent.
    const unused = await client.data<{ insert_price_rules_one: { id: string } }>('admin-secret', `mutation { insert_price_rules_one(object: {name: "Unassigned", priority: 1, conditions: [], results: {type: "PERCENT", value: 50}}) { id } }`);
    const all = await client.data<CalendarPriceRulesSubscription>(MEMBER, RULES_QUERY, { units: {} });
    const ids = all.price_rules.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await rulesOf({}));
    expect(ids).not.toContain(unused.insert_price_rules_one.id);
    // The window names them by id, and every id it names is among them.
    const window = await client.data<CalendarWindowSubscription>(MEMBER, WINDOW.replace('subscription', 'query'), { units: {}, ...RANGE });
    const named = new Set(window.units.flatMap((u) => u.rates.flatMap((r) => r.price_rule_assignments.map((a) => a.price_rule_id))));
    expect([...named].sort()).toEqual(ids);

    // Filtered to one accommodation's units: that accommodation's rules only.
    const [unit] = await unitIds({ accommodation_id: { _eq: '30000000-0000-4000-a000-000000000002' } });
    const one = await client.data<CalendarPriceRulesSubscription>(MEMBER, RULES_QUERY, { units: { id: { _eq: unit } } });
    expect(one.price_rules.map((r) => r.id)).toEqual(await rulesOf({ id: { _eq: unit } }));

    // An owner, asking for every unit, gets the rules of their own rates and not a rule of
    // another's rates, live, with the same columns.
    const ownUnits = { accommodation: { owner: { user_id: { _eq: DEMO.owner } } } };
    const [foreignUnit] = await unitIds({ _not: ownUnits });
    const foreignRate = await client.data<{ rates: { id: string }[] }>('admin-secret', 'query ($u: uuid!) { rates(where: {unit_id: {_eq: $u}}, limit: 1) { id } }', { u: foreignUnit });
    const foreignRule = await client.data<{ insert_price_rules_one: { id: string } }>('admin-secret', 'mutation ($r: uuid!) { insert_price_rules_one(object: {name: "Not the owner’s", priority: 2, conditions: [], results: {type: "PERCENT", value: 5}, price_rule_assignments: {data: [{rate_id: $r}]}}) { id } }', { r: foreignRate.rates[0].id });
    expect((await client.data<CalendarPriceRulesSubscription>(MEMBER, RULES_QUERY, { units: {} })).price_rules.map((r) => r.id)).toContain(foreignRule.insert_price_rules_one.id);
    let latest: CalendarPriceRulesSubscription | null = null;
    await subscribe<CalendarPriceRulesSubscription>('owner', DEMO.owner, RULES, { units: {} }, (d) => (latest = d));
    const seen = () => (latest as CalendarPriceRulesSubscription | null)?.price_rules ?? [];
    expect(seen().length).toBeGreaterThan(0);
    expect(seen().map((r) => r.id)).toEqual(await rulesOf(ownUnits));
    expect(seen().map((r) => r.id)).not.toContain(foreignRule.insert_price_rules_one.id);
    // An edit of one of their rules reaches them within 2 s (the calendar re-prices with it).
    const ruleId = seen()[0].id;
    await client.data(MEMBER, 'mutation ($id: uuid!) { update_price_rules_by_pk(pk_columns: {id: $id}, _set: {priority: 77}) { id } }', { id: ruleId });
    const took = await until(() => seen().find((r) => r.id === ruleId)?.priority === 77, 2000);
    expect(took).toBeLessThan(2000);
  });

  it('is refused to cleaners, without a token, with a forged token, for hidden columns and wrong variables', async () => {
    for (const caller of [CLEANER, 'public' as const]) {
      const r = await client.gql(caller, RULES_QUERY, { units: {} });
      expect(r.errors?.[0]?.extensions.code, JSON.stringify(caller)).toBe('validation-failed');
    }
    // Owners do not read when a rule was made, not even through this root field.
    const hidden = await client.gql(OWNER, '{ price_rules { id created_at } }');
    expect(hidden.errors?.[0]?.extensions.code).toBe('validation-failed');
    // Another role's filter (a cleaner's units) cannot be named by a string, an array or a huge input.
    for (const units of ['all', [1, 2], { id: { _eq: 'not-a-uuid' } }, { id: { _eq: 'x'.repeat(100_000) } }, { no_such_column: { _eq: 1 } }]) {
      const r = await client.gql(MEMBER, RULES_QUERY, { units });
      expect(r.errors, JSON.stringify(units).slice(0, 80)).toBeDefined();
      expect(r.data ?? null).toBeNull();
    }
    const forged = await new SignJWT({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['member'], 'x-hasura-default-role': 'member', 'x-hasura-user-id': DEMO.member } })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
    const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` }, body: JSON.stringify({ query: RULES_QUERY, variables: { units: {} } }) });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[]; data?: unknown };
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
  });
});

describe('bulk edits', () => {
  it('refuse owners, cleaners and communicators', async () => {
    const [unit] = await unitIds({ accommodation: { owner: { user_id: { _eq: DEMO.owner } } } });
    const rate = await client.data<{ rates: { id: string }[] }>('admin-secret', 'query ($u: uuid!) { rates(where: {unit_id: {_eq: $u}}, limit: 1) { id } }', { u: unit });
    for (const caller of [OWNER, CLEANER, COMMUNICATOR]) {
      const closed = await client.gql(caller, CLOSE, { objects: nights(unit, ['2027-03-20'], { is_closed: true }) });
      expect(closed.errors?.[0]?.extensions.code, JSON.stringify(caller)).toBe('validation-failed');
      const priced = await client.gql(caller, PRICE, { objects: [{ rate_id: rate.rates[0].id, date: '2027-03-20', price: 1 }] });
      expect(priced.errors?.[0]?.extensions.code, JSON.stringify(caller)).toBe('validation-failed');
    }
    const left = await client.data<{ unit_dates: unknown[] }>('admin-secret', `{ unit_dates(where: {date: {_eq: "2027-03-20"}}) { date } }`);
    expect(left.unit_dates).toEqual([]);
  });

  it('let a manager edit managed units only', async () => {
    const managed = await unitIds(managedBy(DEMO.manager));
    const other = await unitIds({ _not: managedBy(DEMO.manager) });
    expect(managed.length && other.length).toBeTruthy();
    const ok = await client.gql(MANAGER, MIN_STAY, { objects: nights(managed[0], ['2027-03-21'], { min_stay: 3 }) });
    expect(ok.errors).toBeUndefined();
    const refused = await client.gql(MANAGER, CLOSE, { objects: nights(other[0], ['2027-03-21'], { is_closed: true }) });
    expect(refused.errors?.[0]?.extensions.code).toBe('permission-error');
    const otherRate = await client.data<{ rates: { id: string }[] }>('admin-secret', 'query ($u: uuid!) { rates(where: {unit_id: {_eq: $u}}, limit: 1) { id } }', { u: other[0] });
    const price = await client.gql(MANAGER, PRICE, { objects: [{ rate_id: otherRate.rates[0].id, date: '2027-03-21', price: 1 }] });
    expect(price.errors?.[0]?.extensions.code).toBe('permission-error');
    // A batch mixing a managed and an unmanaged unit writes nothing (one statement).
    const mixed = await client.gql(MANAGER, CLOSE, { objects: [...nights(managed[0], ['2027-03-22'], { is_closed: true }), ...nights(other[0], ['2027-03-22'], { is_closed: true })] });
    expect(mixed.errors).toBeDefined();
    const rows = await client.data<{ unit_dates: { unit_id: string }[] }>('admin-secret', `{ unit_dates(where: {date: {_in: ["2027-03-21", "2027-03-22"]}}) { unit_id } }`);
    expect(rows.unit_dates).toEqual([{ unit_id: managed[0] }]);
  });

  it('set closed to arrival and departure side by side, on managed rates only, all or nothing', async () => {
    const [unit] = await unitIds(managedBy(DEMO.manager));
    const [other] = await unitIds({ _not: managedBy(DEMO.manager) });
    const rateOf = async (u: string) => (await client.data<{ rates: { id: string }[] }>('admin-secret', 'query ($u: uuid!) { rates(where: {unit_id: {_eq: $u}}, limit: 1) { id } }', { u })).rates[0].id;
    const [own, foreign] = [await rateOf(unit), await rateOf(other)];
    const read = async () => (await client.data<{ rate_dates: { date: string; price: string | null; closed_to_arrival: boolean; closed_to_departure: boolean }[] }>('admin-secret', `{ rate_dates(where: {rate_id: {_eq: "${own}"}, date: {_in: ["2027-03-24", "2027-03-25"]}}, order_by: {date: asc}) { date price closed_to_arrival closed_to_departure } }`)).rate_dates;
    await client.data(MEMBER, PRICE, { objects: [{ rate_id: own, date: '2027-03-24', price: 90 }] });
    const row = (date: string, d: Record<string, unknown>) => ({ rate_id: own, date, ...d });
    await client.data(MANAGER, ARR_DEP, { arrival: [row('2027-03-24', { closed_to_arrival: true }), row('2027-03-25', { closed_to_arrival: true })], departure: [] });
    await client.data(MANAGER, ARR_DEP, { arrival: [], departure: [row('2027-03-25', { closed_to_departure: true })] });
    // Each side leaves the other and the night's price as they were.
    expect(await read()).toEqual([
      { date: '2027-03-24', price: '90.00', closed_to_arrival: true, closed_to_departure: false },
      { date: '2027-03-25', price: null, closed_to_arrival: true, closed_to_departure: true },
    ]);
    // A foreign rate in either list refuses the whole call.
    const refused = await client.gql(MANAGER, ARR_DEP, { arrival: [row('2027-03-24', { closed_to_arrival: false })], departure: [{ rate_id: foreign, date: '2027-03-24', closed_to_departure: true }] });
    expect(refused.errors?.[0]?.extensions.code).toBe('permission-error');
    expect((await read())[0].closed_to_arrival).toBe(true);
    for (const caller of [OWNER, CLEANER, COMMUNICATOR]) {
      const r = await client.gql(caller, ARR_DEP, { arrival: [row('2027-03-24', { closed_to_arrival: false })], departure: [] });
      expect(r.errors?.[0]?.extensions.code, JSON.stringify(caller)).toBe('validation-failed');
    }
    const wrong = await client.gql(MANAGER, ARR_DEP, { arrival: [row('2027-03-24', { closed_to_arrival: 'maybe' })], departure: [] });
    expect(wrong.errors).toBeDefined();
    await client.data('admin-secret', `mutation { delete_rate_dates(where: {rate_id: {_eq: "${own}"}, date: {_in: ["2027-03-24", "2027-03-25"]}}) { affected_rows } }`);
  });

  it('refuse values of the wrong type or range', async () => {
    const [unit] = await unitIds(managedBy(DEMO.manager));
    const rate = await client.data<{ rates: { id: string }[] }>('admin-secret', 'query ($u: uuid!) { rates(where: {unit_id: {_eq: $u}}, limit: 1) { id } }', { u: unit });
    const rateId = rate.rates[0].id;
    const cases: [string, Record<string, unknown>, string][] = [
      [PRICE, { objects: [{ rate_id: rateId, date: '2027-03-23', price: -5 }] }, 'constraint-violation'],
      [PRICE, { objects: [{ rate_id: rateId, date: '2027-03-23', price: 'abc' }] }, ''],
      [PRICE, { objects: [{ rate_id: rateId, date: '2027-02-30', price: 5 }] }, ''],
      [MIN_STAY, { objects: nights(unit, ['2027-03-23'], { min_stay: 0 }) }, 'constraint-violation'],
      [MIN_STAY, { objects: nights(unit, ['2027-03-23'], { min_stay: 1.5 }) }, ''],
      // Strings reach Postgres as in Hasura ('yes' is a boolean there); this one is none.
      [CLOSE, { objects: nights(unit, ['2027-03-23'], { is_closed: 'maybe' }) }, ''],
      [CLOSE, { objects: [{ unit_id: 'not-a-uuid', date: '2027-03-23', is_closed: true }] }, ''],
      // A column the mutation does not offer (a note) cannot ride along.
      [CLOSE, { objects: nights(unit, ['2027-03-23'], { is_closed: true, updated_at: '2000-01-01T00:00:00Z' }) }, 'validation-failed'],
    ];
    for (const [query, variables, code] of cases) {
      const r = await client.gql(MANAGER, query, variables);
      expect(r.errors, JSON.stringify(variables)).toBeDefined();
      if (code) expect(r.errors?.[0]?.extensions.code, JSON.stringify(variables)).toBe(code);
    }
    const rows = await client.data<{ unit_dates: unknown[]; rate_dates: unknown[] }>('admin-secret', `{ unit_dates(where: {date: {_eq: "2027-03-23"}}) { date } rate_dates(where: {date: {_in: ["2027-03-23", "2027-02-28"]}}) { date } }`);
    expect(rows).toEqual({ unit_dates: [], rate_dates: [] });
  });
});

describe('maximum stay per night', () => {
  const DAY = '2027-03-26';
  const rateOf = async (u: string) => (await client.data<{ rates: { id: string }[] }>('admin-secret', 'query ($u: uuid!) { rates(where: {unit_id: {_eq: $u}}, limit: 1) { id } }', { u })).rates[0].id;
  const read = async (unitId: string, rateId: string) =>
    client.data<{ unit_dates: { min_stay: number | null; max_stay: number | null }[]; rate_dates: { min_stay: number | null; max_stay: number | null }[] }>(
      'admin-secret',
      `query ($u: uuid!, $r: uuid!, $d: date!) { unit_dates(where: {unit_id: {_eq: $u}, date: {_eq: $d}}) { min_stay max_stay } rate_dates(where: {rate_id: {_eq: $r}, date: {_eq: $d}}) { min_stay max_stay } }`,
      { u: unitId, r: rateId, d: DAY },
    );

  it('is set on managed units and rates, read back by the live window, and never below the same night’s minimum', async () => {
    const [unit] = await unitIds(managedBy(DEMO.manager));
    const rate = await rateOf(unit);
    expect((await client.gql(MANAGER, UNIT_MAX, { objects: nights(unit, [DAY], { max_stay: 5 }) })).errors).toBeUndefined();
    expect((await client.gql(MANAGER, RATE_MIN, { objects: [{ rate_id: rate, date: DAY, min_stay: 2 }] })).errors).toBeUndefined();
    expect((await client.gql(MANAGER, RATE_MAX, { objects: [{ rate_id: rate, date: DAY, max_stay: 9 }] })).errors).toBeUndefined();
    // Each mutation writes its own column only: the min stay set before stays.
    expect(await read(unit, rate)).toEqual({ unit_dates: [{ min_stay: null, max_stay: 5 }], rate_dates: [{ min_stay: 2, max_stay: 9 }] });
    const window = await client.data<CalendarWindowSubscription>(MANAGER, WINDOW.replace('subscription', 'query'), { units: { id: { _eq: unit } }, from: DAY, to: '2027-03-27' });
    expect(window.units[0].unit_dates).toEqual([expect.objectContaining({ date: DAY, max_stay: 5 })]);
    expect(window.units[0].rates.find((r) => r.id === rate)?.rate_dates).toEqual([expect.objectContaining({ date: DAY, min_stay: 2, max_stay: 9 })]);

    // A maximum below the row's minimum is refused by the database with a message the calendar translates.
    const below = await client.gql(MANAGER, RATE_MAX, { objects: [{ rate_id: rate, date: DAY, max_stay: 1 }] });
    expect(below.errors?.[0]?.extensions.code).toBe('constraint-violation');
    expect(uniquenessViolation(below.errors ?? [])).toEqual({ field: 'nights', messageKey: 'calendar:edit.errors.stayOrder' });
    await client.data(MANAGER, print(SetUnitDatesMinStayDocument), { objects: nights(unit, [DAY], { min_stay: 3 }) });
    const unitBelow = await client.gql(MANAGER, UNIT_MAX, { objects: nights(unit, [DAY], { max_stay: 2 }) });
    expect(uniquenessViolation(unitBelow.errors ?? [])).toEqual({ field: 'nights', messageKey: 'calendar:edit.errors.stayOrder' });
    // ...and raising the minimum above the night's maximum is refused the same way.
    const minAbove = await client.gql(MANAGER, RATE_MIN, { objects: [{ rate_id: rate, date: DAY, min_stay: 10 }] });
    expect(uniquenessViolation(minAbove.errors ?? [])).toEqual({ field: 'nights', messageKey: 'calendar:edit.errors.stayOrder' });
    expect(await read(unit, rate)).toEqual({ unit_dates: [{ min_stay: 3, max_stay: 5 }], rate_dates: [{ min_stay: 2, max_stay: 9 }] });
  });

  it('is refused to other roles, on unmanaged units, with forged tokens and for values of the wrong type or range', async () => {
    const [unit] = await unitIds(managedBy(DEMO.manager));
    const [other] = await unitIds({ _not: managedBy(DEMO.manager) });
    const [rate, foreign] = [await rateOf(unit), await rateOf(other)];
    const day = '2027-03-27';
    for (const caller of [OWNER, CLEANER, COMMUNICATOR, 'public' as const]) {
      for (const [query, objects] of [
        [UNIT_MAX, nights(unit, [day], { max_stay: 3 })],
        [RATE_MAX, [{ rate_id: rate, date: day, max_stay: 3 }]],
        [RATE_MIN, [{ rate_id: rate, date: day, min_stay: 3 }]],
      ] as const) {
        const r = await client.gql(caller, query, { objects });
        expect(r.errors?.[0]?.extensions.code, JSON.stringify(caller)).toBe('validation-failed');
      }
    }
    expect((await client.gql(MANAGER, UNIT_MAX, { objects: nights(other, [day], { max_stay: 3 }) })).errors?.[0]?.extensions.code).toBe('permission-error');
    expect((await client.gql(MANAGER, RATE_MAX, { objects: [{ rate_id: foreign, date: day, max_stay: 3 }] })).errors?.[0]?.extensions.code).toBe('permission-error');
    // A batch mixing a managed and a foreign rate writes nothing.
    const mixed = await client.gql(MANAGER, RATE_MAX, { objects: [{ rate_id: rate, date: day, max_stay: 3 }, { rate_id: foreign, date: day, max_stay: 3 }] });
    expect(mixed.errors).toBeDefined();

    // A token signed with another key, claiming admin, is refused before anything is read.
    const forged = await new SignJWT({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['admin'], 'x-hasura-default-role': 'admin', 'x-hasura-user-id': DEMO.admin } })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
    const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` }, body: JSON.stringify({ query: UNIT_MAX, variables: { objects: nights(other, [day], { max_stay: 3 }) } }) });
    const forgedBody = (await res.json()) as { errors?: { extensions?: { code?: string } }[]; data?: unknown };
    expect(forgedBody.data ?? null).toBeNull();
    expect(forgedBody.errors?.[0]?.extensions?.code).toBe('invalid-jwt');

    const cases: [string, Record<string, unknown>, string][] = [
      [UNIT_MAX, { objects: nights(unit, [day], { max_stay: 0 }) }, 'constraint-violation'],
      [UNIT_MAX, { objects: nights(unit, [day], { max_stay: 366 }) }, 'constraint-violation'],
      [RATE_MAX, { objects: [{ rate_id: rate, date: day, max_stay: -1 }] }, 'constraint-violation'],
      [RATE_MAX, { objects: [{ rate_id: rate, date: day, max_stay: 40000 }] }, ''], // past smallint
      [RATE_MAX, { objects: [{ rate_id: rate, date: day, max_stay: 2.5 }] }, ''],
      [UNIT_MAX, { objects: nights(unit, [day], { max_stay: 'seven' }) }, ''],
      [UNIT_MAX, { objects: nights(unit, [day], { max_stay: 'x'.repeat(100_000) }) }, ''],
      // The max-stay mutation cannot carry another column along (its update column is max_stay only,
      // and a hidden column is not in the input type).
      [UNIT_MAX, { objects: nights(unit, [day], { max_stay: 3, updated_at: '2000-01-01T00:00:00Z' }) }, 'validation-failed'],
    ];
    for (const [query, variables, code] of cases) {
      const r = await client.gql(MANAGER, query, variables);
      expect(r.errors, JSON.stringify(variables).slice(0, 200)).toBeDefined();
      if (code) expect(r.errors?.[0]?.extensions.code, JSON.stringify(variables).slice(0, 200)).toBe(code);
    }
    const range = await client.gql(MANAGER, UNIT_MAX, { objects: nights(unit, [day], { max_stay: 366 }) });
    expect(uniquenessViolation(range.errors ?? [])).toEqual({ field: 'nights', messageKey: 'calendar:edit.errors.nightsRange' });
    const left = await client.data<{ unit_dates: unknown[]; rate_dates: unknown[] }>('admin-secret', `{ unit_dates(where: {date: {_eq: "${day}"}}) { unit_id } rate_dates(where: {date: {_eq: "${day}"}}) { rate_id } }`);
    expect(left).toEqual({ unit_dates: [], rate_dates: [] });
  });
});
