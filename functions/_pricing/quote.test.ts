// POST /v1/functions/quote on the real embedded backend (the test sits under _pricing/: Nhost
// deploys every other file of functions/ as an endpoint) with the demo data: prices pinned against
// the rows the test reads itself (dates are picked from the data, not fixed, so the test holds
// when the demo dates move), restrictions with translated reasons, who may ask, and bad input.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningBackend } from '../../backend/server';
import { percentOf, toMinor } from '../../src/domain/money';
import { addDays } from '../../src/domain/dates';
import { isoWeekday, toDay } from '../../src/domain/pricing/days';
import { startTestBackend } from '../../tests/helpers/backend';
import { ACC, DEMO, UNIT, makeClient, type Client } from '../../tests/integration/permissionsClient';
import { todayInBudapest } from '../quote';

let backend: RunningBackend;
let client: Client;

interface RateRow {
  id: string;
  name: string;
  price: number | string;
  occupancy: number;
  min_stay: number;
  currency: 'EUR' | 'HUF';
  parent_rate_id: string | null;
  modifier_type: string | null;
  rate_dates: { date: string }[];
  price_rule_assignments: { price_rule: { name: string; is_active: boolean } }[];
}

const loft = UNIT.loftA; // Váci Loft (accommodation 1): manager@ and owner@, not manager2@ or owner2@
let rates: RateRow[];
let standard: RateRow;
let nonref: RateRow;
let single: RateRow;
let busyNights: Set<string>;
let booking: { booking_id: string; checkin: string; checkout: string };
let closedDay: { unit_id: string; date: string } | null;
let otherUnitRate: string;
let otherAccommodationFee: string;
let lateCheckout: { id: string; value: number | string; currency: string };

type Caller = { role: string; userId: string } | { token: string } | null;

async function tokenFor(role: string, userId: string, expiresIn = 900): Promise<string> {
  return backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': [role, 'user', 'me'], 'x-hasura-default-role': role, 'x-hasura-user-id': userId, 'x-hasura-user-is-anonymous': 'false' }, sub: userId }, expiresIn);
}

async function quote(caller: Caller, body: unknown, init: { method?: string; headers?: Record<string, string>; raw?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  if (caller) headers.authorization = `Bearer ${'token' in caller ? caller.token : await tokenFor(caller.role, caller.userId)}`;
  const res = await fetch(`${backend.url}/v1/functions/quote`, { method: init.method ?? 'POST', headers, body: init.method === 'GET' ? undefined : (init.raw ?? JSON.stringify(body)) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

const member = { role: 'member', userId: DEMO.member };

/** The first day from `start` on (up to two years) where `ok(day)` holds. */
function findDay(start: string, ok: (day: string) => boolean): string {
  for (let i = 0; i < 730; i += 1) {
    const day = addDays(start, i);
    if (ok(day)) return day;
  }
  throw new Error('no such day in the data');
}

/** Free: no stay, no unit or rate date on any night nor the departure day, not in January. */
function freeWindow(start: string, nights: number, weekday: number): string {
  const special = new Set(rates.flatMap((r) => r.rate_dates.map((d) => d.date)));
  return findDay(start, (d) => {
    if (isoWeekday(toDay(d)) !== weekday) return false;
    for (let i = 0; i <= nights; i += 1) {
      const day = addDays(d, i);
      if (busyNights.has(day) || special.has(day) || day.slice(5, 7) === '01') return false;
    }
    return true;
  });
}

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
  const data = await client.data<{
    rates: RateRow[];
    booked_units: { booking_id: string; checkin: string; checkout: string }[];
    unit_dates: { unit_id: string; date: string }[];
    other: { id: string }[];
    fees: { id: string; value: number | string; currency: string; accommodation_id: string; name: string }[];
  }>(
    'admin-secret',
    `query($unit: uuid!) {
      rates(where: {unit_id: {_eq: $unit}}) { id name price occupancy min_stay currency parent_rate_id modifier_type rate_dates { date } price_rule_assignments { price_rule { name is_active } } }
      booked_units(where: {unit_id: {_eq: $unit}, is_cancelled: {_eq: false}}, order_by: {checkin: asc}) { booking_id checkin checkout }
      unit_dates(where: {is_closed: {_eq: true}}, order_by: {date: asc}, limit: 1) { unit_id date }
      other: rates(where: {unit_id: {_neq: $unit}}, limit: 1) { id }
      fees { id value currency accommodation_id name }
    }`,
    { unit: loft },
  );
  rates = data.rates;
  standard = rates.find((r) => r.name === 'Standard')!;
  nonref = rates.find((r) => r.parent_rate_id === standard.id)!;
  single = rates.find((r) => r.name === 'Single')!;
  busyNights = new Set();
  for (const s of data.booked_units) for (let d = s.checkin; d < s.checkout; d = addDays(d, 1)) busyNights.add(d);
  booking = data.booked_units.find((s) => s.checkin > todayInBudapest()) ?? data.booked_units[data.booked_units.length - 1];
  closedDay = data.unit_dates[0] ?? null;
  otherUnitRate = data.other[0].id;
  otherAccommodationFee = data.fees.find((f) => f.accommodation_id !== ACC.vaci)!.id;
  lateCheckout = data.fees.find((f) => f.accommodation_id === ACC.vaci && f.name === 'Late check-out')!;
}, 180_000);

afterAll(async () => {
  await backend?.close();
});

const ruleNames = (r: RateRow) => r.price_rule_assignments.filter((a) => a.price_rule.is_active).map((a) => a.price_rule.name);
// numeric columns arrive as strings ("95.00"), the function's amounts as numbers
const cents = (amount: number | string) => toMinor(Number(amount), 'EUR');

describe('quote: prices from the demo rates', () => {
  it("a weekday stay: each night at the rate's price, tax 4% on top, bookable", async () => {
    expect(standard.currency).toBe('EUR');
    expect(standard.modifier_type).toBeNull();
    const checkIn = freeWindow(addDays(todayInBudapest(), 1), 3, 1); // Monday to Thursday
    const checkOut = addDays(checkIn, 3);
    const { status, body } = await quote(member, { unitId: loft, rateId: standard.id, checkIn, checkOut, adults: 2 });
    expect(status).toBe(200);
    const p = cents(standard.price);
    expect(body.nights.map((n: { date: string; price: number }) => [n.date, cents(n.price)])).toEqual([0, 1, 2].map((i) => [addDays(checkIn, i), p]));
    const tax = percentOf(3 * p, 4);
    expect({ accommodation: cents(body.accommodation), tax: cents(body.touristTax.total), total: cents(body.total) }).toEqual({ accommodation: 3 * p, tax, total: 3 * p + tax });
    expect(body).toMatchObject({ unitId: loft, rateId: standard.id, currency: 'EUR', checkIn, checkOut, bookable: true, reasons: [], warnings: [] });
  });

  it('a weekend stay: the Weekend +15% rule on Friday and Saturday; the derived rate 10% below each night', async () => {
    expect(ruleNames(standard)).toContain('Weekend +15%');
    const checkIn = freeWindow(addDays(todayInBudapest(), 1), 3, 4); // Thursday to Sunday
    const checkOut = addDays(checkIn, 3);
    const p = cents(standard.price);
    const weekend = p + percentOf(p, 15);
    const parent = [p, weekend, weekend];
    const a = await quote(member, { unitId: loft, rateId: standard.id, checkIn, checkOut, adults: 2 });
    expect(a.body.nights.map((n: { price: number }) => cents(n.price))).toEqual(parent);
    expect(a.body.nights.map((n: { ruleIds: string[] }) => n.ruleIds.length)).toEqual([0, 1, 1]);
    const b = await quote(member, { unitId: loft, rateId: nonref.id, checkIn, checkOut, adults: 2, fees: [lateCheckout.id] });
    expect(b.status).toBe(200);
    const derived = parent.map((x) => x + percentOf(x, -10));
    expect(b.body.nights.map((n: { price: number }) => cents(n.price))).toEqual(derived);
    const accommodation = derived.reduce((s, x) => s + x, 0);
    expect(b.body.fees).toEqual([{ id: lateCheckout.id, name: 'Late check-out', amount: Number(lateCheckout.value) }]);
    expect(cents(b.body.total)).toBe(accommodation + cents(lateCheckout.value) + percentOf(accommodation, 4));
  });
});

describe('quote: reads', () => {
  /** GraphQL requests the function makes while answering (the backend runs in this process). */
  async function graphqlRequests(body: unknown): Promise<{ status: number; requests: { admin: boolean }[] }> {
    const requests: { admin: boolean }[] = [];
    const real = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input).endsWith('/v1/graphql')) requests.push({ admin: new Headers(init?.headers).has('x-hasura-admin-secret') });
      return real(input, init);
    });
    try {
      const res = await quote(member, body);
      return { status: res.status, requests };
    } finally {
      spy.mockRestore();
    }
  }

  it("two GraphQL round trips: the caller's access, then everything the rules need", async () => {
    const checkIn = freeWindow(addDays(todayInBudapest(), 1), 3, 4);
    const r = await graphqlRequests({ unitId: loft, rateId: nonref.id, checkIn, checkOut: addDays(checkIn, 3), adults: 2, fees: [lateCheckout.id] });
    expect(r).toEqual({ status: 200, requests: [{ admin: false }, { admin: true }] });
    // refused callers cost one request and read nothing with the admin secret
    const refused = await graphqlRequests({ unitId: '40000000-0000-4000-a000-999999999999', rateId: nonref.id, checkIn, checkOut: addDays(checkIn, 3), adults: 2 });
    expect(refused).toEqual({ status: 400, requests: [{ admin: false }] });
    // bad input costs none
    expect(await graphqlRequests({ unitId: loft })).toEqual({ status: 400, requests: [] });
  });

  it('a chain of derived rates deeper than one request nests is followed (one more request)', async () => {
    let parent = standard.id;
    const ids: string[] = [];
    for (let i = 1; i <= 6; i += 1) {
      const inserted = await client.data<{ insert_rates_one: { id: string } }>(
        'admin-secret',
        'mutation($o: rates_insert_input!) { insert_rates_one(object: $o) { id } }',
        { o: { unit_id: loft, name: `Chain ${i}`, occupancy: standard.occupancy, currency: 'EUR', price: 0, min_stay: 1, parent_rate_id: parent, derived_change_type: 'PERCENT', derived_change_value: -10 } },
      );
      parent = inserted.insert_rates_one.id;
      ids.push(parent);
    }
    const checkIn = freeWindow(addDays(todayInBudapest(), 1), 3, 1);
    const r = await graphqlRequests({ unitId: loft, rateId: parent, checkIn, checkOut: addDays(checkIn, 3), adults: 1 });
    expect(r).toEqual({ status: 200, requests: [{ admin: false }, { admin: true }, { admin: true }] });
    const { body } = await quote(member, { unitId: loft, rateId: parent, checkIn, checkOut: addDays(checkIn, 3), adults: 1 });
    let expected = cents(standard.price);
    for (let i = 0; i < 6; i += 1) expected += percentOf(expected, -10);
    expect(body.nights.map((n: { price: number }) => cents(n.price))).toEqual([expected, expected, expected]);
    await client.data('admin-secret', 'mutation($ids: [uuid!]!) { delete_rates(where: {id: {_in: $ids}}) { affected_rows } }', { ids });
  });
});

describe('quote: restrictions and reasons', () => {
  it('nights already booked, except for the booking being edited', async () => {
    const body = { unitId: loft, rateId: standard.id, checkIn: booking.checkin, checkOut: booking.checkout, adults: 1 };
    const taken = await quote(member, body);
    expect(taken.status).toBe(200);
    expect(taken.body.bookable).toBe(false);
    const reason = taken.body.reasons.find((r: { code: string }) => r.code === 'booked');
    expect(reason).toMatchObject({ messageKey: 'calendar:quote.reasons.booked' });
    expect(reason.params.dates[0]).toBe(booking.checkin);
    expect(reason.message).toBe(`Already booked on ${reason.params.dates.join(', ')}`);
    const editing = await quote(member, { ...body, excludeBookingId: booking.booking_id });
    expect(editing.body.reasons.map((r: { code: string }) => r.code)).not.toContain('booked');
  });

  it('minimum stay and occupancy, with messages in the asked language', async () => {
    expect(standard.min_stay).toBeGreaterThan(1);
    const checkIn = freeWindow(addDays(todayInBudapest(), 1), 1, 2);
    const en = await quote(member, { unitId: loft, rateId: single.id, checkIn, checkOut: addDays(checkIn, 1), adults: 2 });
    expect(en.body.reasons).toEqual([
      { code: 'occupancy', params: { occupancy: 1, guests: 2 }, messageKey: 'calendar:quote.reasons.occupancy', message: 'This rate is for 1 guest only' },
      { code: 'minStay', params: { minStay: single.min_stay, nights: 1 }, messageKey: 'calendar:quote.reasons.minStay', message: `Stays arriving on this day must be at least ${single.min_stay} nights` },
    ]);
    const hu = await quote(member, { unitId: loft, rateId: single.id, checkIn, checkOut: addDays(checkIn, 1), adults: 1 }, { headers: { 'accept-language': 'hu-HU,hu;q=0.9,en;q=0.8' } });
    expect(hu.body.reasons).toEqual([expect.objectContaining({ code: 'minStay', message: `Erre az érkezési napra legalább ${single.min_stay} éjszakát kell foglalni` })]);
  });

  it("a night's maximum stay: the rate's date value replaces its default, the unit's binds every rate", async () => {
    const checkIn = freeWindow(addDays(todayInBudapest(), 1), 6, 1);
    const set = (unitMax: number | null, rateMax: number | null) =>
      client.data(
        member,
        `mutation ($u: [unit_dates_insert_input!]!, $r: [rate_dates_insert_input!]!) {
          insert_unit_dates(objects: $u, on_conflict: {constraint: unit_dates_pkey, update_columns: [max_stay]}) { affected_rows }
          insert_rate_dates(objects: $r, on_conflict: {constraint: rate_dates_pkey, update_columns: [min_stay, max_stay]}) { affected_rows }
        }`,
        { u: [{ unit_id: loft, date: checkIn, max_stay: unitMax }], r: [{ rate_id: standard.id, date: checkIn, min_stay: 1, max_stay: rateMax }] },
      );
    const stay = (nights: number, headers: Record<string, string> = {}) => quote(member, { unitId: loft, rateId: standard.id, checkIn, checkOut: addDays(checkIn, nights), adults: 2 }, { headers });
    try {
      await set(null, 3);
      expect((await stay(3)).body).toMatchObject({ bookable: true, reasons: [] });
      expect((await stay(4)).body.reasons).toEqual([{ code: 'maxStay', params: { maxStay: 3, nights: 4 }, messageKey: 'calendar:quote.reasons.maxStay', message: 'Stays arriving on this day can be at most 3 nights' }]);
      expect((await stay(4, { 'accept-language': 'hu' })).body.reasons).toEqual([expect.objectContaining({ code: 'maxStay', message: 'Erre az érkezési napra legfeljebb 3 éjszakát lehet foglalni' })]);
      // The derived rate has its own maximum (none here): the parent's night does not bind it...
      const derived = await quote(member, { unitId: loft, rateId: nonref.id, checkIn, checkOut: addDays(checkIn, 4), adults: 2 });
      expect(derived.body.reasons.map((r: { code: string }) => r.code)).not.toContain('maxStay');
      // ...but the unit's night binds every rate, the smaller of the two counting.
      await set(4, 30);
      expect((await stay(5)).body.reasons).toEqual([expect.objectContaining({ code: 'maxStay', params: { maxStay: 4, nights: 5 } })]);
      const derivedUnit = await quote(member, { unitId: loft, rateId: nonref.id, checkIn, checkOut: addDays(checkIn, 5), adults: 2 });
      expect(derivedUnit.body.reasons).toEqual([expect.objectContaining({ code: 'maxStay', params: { maxStay: 4, nights: 5 } })]);
      // A night later in the stay does not count: only the arrival night's limit does.
      const later = await quote(member, { unitId: loft, rateId: standard.id, checkIn: addDays(checkIn, -1), checkOut: addDays(checkIn, 5), adults: 2 });
      expect(later.body.reasons.map((r: { code: string }) => r.code)).not.toContain('maxStay');
    } finally {
      // Back to no limits on that night (rows another test may have made keep their other columns).
      await set(null, null);
    }
  });

  it('closed days of a unit', async () => {
    if (!closedDay) {
      // the demo data has none (any more): close a day of the loft far ahead
      closedDay = { unit_id: loft, date: addDays(todayInBudapest(), 600) };
      await client.data('admin-secret', 'mutation($o: unit_dates_insert_input!) { insert_unit_dates_one(object: $o) { date } }', { o: { ...closedDay, is_closed: true } });
    }
    const rate = await client.data<{ rates: { id: string }[] }>('admin-secret', 'query($u: uuid!) { rates(where: {unit_id: {_eq: $u}, parent_rate_id: {_is_null: true}}, limit: 1) { id } }', { u: closedDay.unit_id });
    const { body } = await quote({ role: 'admin', userId: DEMO.admin }, { unitId: closedDay.unit_id, rateId: rate.rates[0].id, checkIn: closedDay.date, checkOut: addDays(closedDay.date, 3), adults: 1, locale: 'hu' });
    expect(body.reasons[0]).toMatchObject({ code: 'closed', params: { dates: expect.arrayContaining([closedDay.date]) } });
    expect(body.reasons[0].message).toMatch(/^Az egység nem foglalható ezeken a napokon: /);
  });
});

describe('quote: who may ask', () => {
  const body = () => ({ unitId: loft, rateId: standard.id, checkIn: booking.checkout, checkOut: addDays(booking.checkout, 2), adults: 1 });

  it.each([
    ['admin', DEMO.admin],
    ['communicator', DEMO.communicator],
    ['member', DEMO.member],
    ['manager', DEMO.manager],
    ['owner', DEMO.owner],
  ])('%s reads the unit and its rates: gets the quote', async (role, userId) => {
    expect((await quote({ role, userId }, body())).status).toBe(200);
  });

  it.each([
    ['manager', DEMO.manager2],
    ['owner', DEMO.owner2],
  ])("%s of other accommodations: the unit answers as unknown (no probing ids)", async (role, userId) => {
    expect((await quote({ role, userId }, body())).body).toMatchObject({ status: 400, error: 'unknown-unit' });
  });

  it.each([
    ['cleaner', DEMO.cleaner],
    ['inspector', DEMO.inspector],
    ['contractor', DEMO.contractor],
    ['user', DEMO.member],
  ])('%s cannot read rates: 403', async (role, userId) => {
    expect((await quote({ role, userId }, body())).body).toMatchObject({ status: 403, error: 'forbidden' });
  });

  it('a role the token does not allow, via x-hasura-role, is refused', async () => {
    const res = await quote(member, body(), { headers: { 'x-hasura-role': 'admin' } });
    expect(res).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
  });

  it('no token, a forged one, an expired one, a malformed one: 401', async () => {
    const forged = await new SignJWT({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['admin'], 'x-hasura-default-role': 'admin', 'x-hasura-user-id': DEMO.admin } })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setIssuer('hasura-auth')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'));
    const expired = await tokenFor('member', DEMO.member, -60);
    for (const caller of [null, { token: forged }, { token: expired }, { token: 'abc.def.ghi' }]) {
      const res = await quote(caller, body());
      expect(res, JSON.stringify(caller)).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    }
    const adminSecretOnly = await quote(null, body(), { headers: { 'x-hasura-admin-secret': backend.ctx.config.adminSecret } });
    expect(adminSecretOnly.status).toBe(401);
  });
});

describe('quote: bad input gets a 400 with a code, and nothing is read', () => {
  const good = () => ({ unitId: loft, rateId: standard.id, checkIn: '2027-05-03', checkOut: '2027-05-06', adults: 2 });

  it.each<[string, Record<string, unknown>, string, string | undefined]>([
    ['unit id of the wrong type', { unitId: 5 }, 'invalid-uuid', 'unitId'],
    ['rate id not a uuid', { rateId: "1' OR 1=1" }, 'invalid-uuid', 'rateId'],
    ['unknown unit', { unitId: '40000000-0000-4000-a000-999999999999' }, 'unknown-unit', 'unitId'],
    ['a date that does not exist', { checkIn: '2027-02-29' }, 'invalid-date', 'checkIn'],
    ['a date as a number', { checkOut: 20270506 }, 'invalid-date', 'checkOut'],
    ['a year out of range', { checkIn: '1999-12-31' }, 'invalid-date', 'checkIn'],
    ['dates in the wrong order', { checkOut: '2027-05-02' }, 'dates-out-of-order', 'checkOut'],
    ['check-out on check-in', { checkOut: '2027-05-03' }, 'dates-out-of-order', 'checkOut'],
    ['a stay over the cap', { checkOut: '2028-05-04' }, 'stay-too-long', 'checkOut'],
    ['no adult', { adults: 0 }, 'invalid-guests', 'adults'],
    ['guests as text', { children: '2' }, 'invalid-guests', 'children'],
    ['too many guests', { infants: 1000 }, 'invalid-guests', 'infants'],
    ['fees not a list', { fees: 'all' }, 'invalid-uuid', 'fees'],
    ['too many fees', { fees: Array.from({ length: 1000 }, () => '00000000-0000-4000-a000-000000000000') }, 'too-many-fees', 'fees'],
    ['an unknown field', { price: 1 }, 'unknown-field', 'price'],
    ['an unknown locale', { locale: 'de' }, 'invalid-locale', 'locale'],
  ])('%s', async (_name, change, error, field) => {
    const res = await quote(member, { ...good(), ...change });
    expect(res).toMatchObject({ status: 400, body: { status: 400, error, ...(field ? { field } : {}) } });
    expect(typeof res.body.message).toBe('string');
  });

  it('a rate of another unit, a fee of another accommodation', async () => {
    expect((await quote(member, { ...good(), rateId: otherUnitRate })).body).toMatchObject({ status: 400, error: 'unknown-rate', field: 'rateId' });
    expect((await quote(member, { ...good(), fees: [otherAccommodationFee] })).body).toMatchObject({ status: 400, error: 'unknown-fee', field: 'fees' });
  });

  it('not JSON, not an object, too large, not POST', async () => {
    expect((await quote(member, null, { raw: '{"unitId": ' })).status).toBe(400);
    expect((await quote(member, [good()])).body).toMatchObject({ status: 400, error: 'invalid-body' });
    expect((await quote(member, null, { headers: { 'content-type': 'text/plain' }, raw: 'hello' })).body).toMatchObject({ status: 400, error: 'invalid-body' });
    const huge = JSON.stringify({ ...good(), fees: Array.from({ length: 200_000 }, () => '00000000-0000-4000-a000-000000000000') });
    expect((await quote(member, null, { raw: huge })).status).toBe(413);
    expect((await quote(member, null, { method: 'GET' })).body).toMatchObject({ status: 405, error: 'method-not-allowed' });
  });
});
