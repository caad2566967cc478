// The bookings area's GraphQL operations against the real embedded backend (seeded demo data, the
// product's metadata and permissions), as a member, communicator, manager and owner send them:
// server-side filters and paging, creating and editing with the overlap and capacity messages, the
// status history the database trigger writes (who and when), and attacks on the new tables.
import crypto from 'node:crypto';
import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../backend/server';
import { startTestBackend } from '../../../../tests/helpers/backend';
import { DEMO, makeClient, type Caller, type Client } from '../../../../tests/integration/permissionsClient';
import { uniquenessViolation } from '@/domain/uniqueness';
import { emptyBookingValues } from '@/domain/bookings/bookingForm';
import { bookingOrderBy, bookingWhere, EMPTY_BOOKING_FILTERS, type BookingFilters } from '../listQuery';
import { bookedUnitGuestUpdates, bookingInsert, bookingSet, bookedUnitsInput, bookingValuesOf, guestDetailsSet, guestTotalsSet } from '../mappers';
import type { BookingDetailsFragment } from './fragments.generated';
import { BookingDetailsDocument } from './bookingDetails.generated';
import { BookingExportDocument } from './bookingExport.generated';
import { BookingListDocument } from './bookingList.generated';
import { BookingStatusHistoryDocument } from './bookingStatusHistory.generated';
import { BookingUnitOptionsDocument } from './bookingUnitOptions.generated';
import { InsertBookingDocument } from './insertBooking.generated';
import { SetBookingStatusDocument } from './setBookingStatus.generated';
import { UpdateBookingDocument } from './updateBooking.generated';
import { UpdateBookingGuestDetailsDocument } from './updateBookingGuestDetails.generated';
import { UpdateBookingNotesDocument } from './updateBookingNotes.generated';

let backend: RunningBackend;
let client: Client;
const member: Caller = { role: 'member', userId: DEMO.member };
const communicator: Caller = { role: 'communicator', userId: DEMO.communicator };
const manager: Caller = { role: 'manager', userId: DEMO.manager };
const owner: Caller = { role: 'owner', userId: DEMO.owner };
const cleaner: Caller = { role: 'cleaner', userId: DEMO.cleaner };

const run = (caller: Caller, doc: DocumentNode, variables?: Record<string, unknown>) => client.gql<Record<string, never>>(caller, print(doc), variables);
async function ok<T>(caller: Caller, doc: DocumentNode, variables?: Record<string, unknown>): Promise<T> {
  return client.data<T>(caller, print(doc), variables);
}
const list = (filters: Partial<BookingFilters>, limit = 25, offset = 0) => ({ where: bookingWhere({ ...EMPTY_BOOKING_FILTERS, ...filters }), orderBy: bookingOrderBy({ column: 'checkin', direction: 'asc' }), limit, offset });

interface UnitOption {
  id: string;
  accommodation_id: string;
  occ_adults: number;
  occ_children: number;
}
let units: UnitOption[];
/** A stay far in the future, clear of the seeded slots. */
const FAR = { checkin: '2031-03-02', checkout: '2031-03-06' };

beforeAll(async () => {
  backend = await startTestBackend({ applySeeds: true });
  client = makeClient(backend);
  units = (await ok<{ units: UnitOption[] }>(member, BookingUnitOptionsDocument)).units;
}, 180_000);
afterAll(async () => {
  await backend?.close();
});

function newBooking(unit: UnitOption, dates = FAR, name = 'Kovács Éva', adults = 1) {
  const values = { ...emptyBookingValues({ unitId: unit.id, arrival: dates.checkin, departure: dates.checkout }), customerName: name, customerEmail: 'eva.kovacs@example.hu', customerPhone: '+36 30 123 4567', accommodationFee: 250.5 };
  values.units[0].adults = adults;
  return { values, object: bookingInsert(values, unit.accommodation_id) };
}

describe('bookings list', () => {
  it('pages on the server with the total of all matches', async () => {
    const first = await ok<{ bookings: { id: string }[]; bookings_aggregate: { aggregate: { count: number } } }>(member, BookingListDocument, list({}, 10, 0));
    const second = await ok<{ bookings: { id: string }[] }>(member, BookingListDocument, list({}, 10, 10));
    expect(first.bookings).toHaveLength(10);
    expect(first.bookings_aggregate.aggregate.count).toBeGreaterThan(100);
    expect(second.bookings.map((b) => b.id)).not.toEqual(expect.arrayContaining(first.bookings.map((b) => b.id).slice(0, 1)));
  });

  it('filters by status, channel, dates, accommodation and unit, and searches name, e-mail, phone and OTA code', async () => {
    type Row = { id: string; status: string; channel: string; checkin: string; checkout: string; accommodation: { id: string }; booked_units: { unit: { id: string } }[]; customer_name: string; ota_code: string | null; customer_email: string | null };
    type Page = { bookings: Row[]; bookings_aggregate: { aggregate: { count: number } } };
    const cancelled = await ok<Page>(member, BookingListDocument, list({ statuses: ['cancelled'] }, 100));
    expect(cancelled.bookings.length).toBeGreaterThan(0);
    expect(cancelled.bookings.every((b) => b.status === 'cancelled')).toBe(true);
    const airbnb = await ok<Page>(member, BookingListDocument, list({ channel: 'airbnb' }, 100));
    expect(airbnb.bookings.every((b) => b.channel === 'airbnb')).toBe(true);
    const all = (await ok<Page>(member, BookingListDocument, list({}, 1))).bookings_aggregate.aggregate.count;
    expect(airbnb.bookings_aggregate.aggregate.count).toBeLessThan(all);

    const window = await ok<Page>(member, BookingListDocument, list({ from: '2026-01-10', to: '2026-01-20' }, 100));
    for (const b of window.bookings) expect(b.checkout > '2026-01-10' && b.checkin <= '2026-01-20').toBe(true);

    const sample = (await ok<Page>(member, BookingListDocument, list({ statuses: ['new', 'modified'] }, 1))).bookings[0];
    const byAccommodation = await ok<Page>(member, BookingListDocument, list({ accommodationId: sample.accommodation.id }, 100));
    expect(byAccommodation.bookings.every((b) => b.accommodation.id === sample.accommodation.id)).toBe(true);
    const unitId = sample.booked_units[0].unit.id;
    const byUnit = await ok<Page>(member, BookingListDocument, list({ unitId }, 100));
    expect(byUnit.bookings.length).toBeGreaterThan(0);
    expect(byUnit.bookings.every((b) => b.booked_units.some((u) => u.unit.id === unitId))).toBe(true);

    const byName = await ok<Page>(member, BookingListDocument, list({ search: sample.customer_name.slice(0, 5).toUpperCase() }, 100));
    expect(byName.bookings.map((b) => b.id)).toContain(sample.id);
    const withOta = (await ok<Page>(member, BookingListDocument, list({ channel: 'airbnb' }, 1))).bookings[0];
    expect(withOta.ota_code).toBeTruthy();
    const byOta = await ok<Page>(member, BookingListDocument, list({ search: withOta.ota_code as string }));
    expect(byOta.bookings.map((b) => b.id)).toContain(withOta.id);
    // % and _ are searched as characters, not wildcards.
    expect((await ok<Page>(member, BookingListDocument, list({ search: '%%%' }))).bookings_aggregate.aggregate.count).toBe(0);
  });

  it('finds a created booking by e-mail and by its phone typed with or without spaces', async () => {
    const { object } = newBooking(units[0], { checkin: '2031-05-01', checkout: '2031-05-03' }, 'Phone Search Guest');
    const id = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object })).insert_bookings_one.id;
    for (const search of ['eva.kovacs@EXAMPLE', '+36301234567', '30 123 45']) {
      const page = await ok<{ bookings: { id: string }[] }>(member, BookingListDocument, list({ search }, 100));
      expect(page.bookings.map((b) => b.id), search).toContain(id);
    }
  });

  it('exports every match, beyond one page, in pages the client asks for', async () => {
    const count = (await ok<{ bookings_aggregate: { aggregate: { count: number } } }>(member, BookingListDocument, list({}, 1))).bookings_aggregate.aggregate.count;
    const ids = new Set<string>();
    for (let offset = 0; offset < count; offset += 500) {
      const page = await ok<{ bookings: { id: string; notes: string | null }[] }>(member, BookingExportDocument, list({}, 500, offset));
      for (const b of page.bookings) ids.add(b.id);
    }
    expect(ids.size).toBe(count);
  });

  it('refuses the list to roles without bookings and hides guest contact from owners', async () => {
    const asCleaner = await run(cleaner, BookingListDocument, list({}));
    expect(asCleaner.errors?.[0].extensions.code).toMatch(/validation-failed|permission/);
    const asOwner = await run(owner, BookingListDocument, list({}));
    expect(asOwner.errors?.[0].message).toMatch(/customer_email|customer_phone/);
  });
});

describe('creating and editing bookings', () => {
  it('creates a booking with its unit and refuses an overlapping one with the overlap field message', async () => {
    const unit = units[1];
    const first = newBooking(unit, { checkin: '2031-06-01', checkout: '2031-06-05' });
    const created = await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object: first.object });
    const details = await ok<{ bookings_by_pk: { status: string; accommodation_fee: string; booked_units: { unit_id: string; checkin: string }[] } }>(member, BookingDetailsDocument, { id: created.insert_bookings_one.id });
    expect(details.bookings_by_pk).toMatchObject({ status: 'new', accommodation_fee: '250.50' });
    expect(details.bookings_by_pk.booked_units).toEqual([expect.objectContaining({ unit_id: unit.id, checkin: '2031-06-01' })]);

    const overlapping = newBooking(unit, { checkin: '2031-06-04', checkout: '2031-06-08' }, 'Second Guest');
    const refused = await run(member, InsertBookingDocument, { object: overlapping.object });
    expect(uniquenessViolation(refused.errors ?? [])).toEqual({ field: 'checkin', messageKey: 'booking:errors.overlap' });
    // Back to back is fine: nights are [checkin, checkout).
    const next = newBooking(unit, { checkin: '2031-06-05', checkout: '2031-06-07' }, 'Third Guest');
    expect((await run(member, InsertBookingDocument, { object: next.object })).errors).toBeUndefined();
  });

  it('refuses more guests than the unit takes with the capacity message', async () => {
    const unit = units[2];
    const tooMany = newBooking(unit, { checkin: '2031-07-01', checkout: '2031-07-03' }, 'Crowd', unit.occ_adults + 1);
    const refused = await run(member, InsertBookingDocument, { object: tooMany.object });
    expect(uniquenessViolation(refused.errors ?? [])).toEqual({ field: 'units', messageKey: 'booking:errors.capacity' });
  });

  it('saves edits (dates, units) and marks the booking modified', async () => {
    const unit = units[3];
    const { values, object } = newBooking(unit, { checkin: '2031-08-01', checkout: '2031-08-04' });
    const id = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object })).insert_bookings_one.id;
    const saved = (await ok<{ bookings_by_pk: { booked_units: { id: string }[] } }>(member, BookingDetailsDocument, { id })).bookings_by_pk;
    const edited = { ...values, checkin: '2031-08-02', checkout: '2031-08-06', units: [{ ...values.units[0], id: saved.booked_units[0].id, price: 99 }] };
    await ok(member, UpdateBookingDocument, { id, set: bookingSet(edited, unit.accommodation_id, 'modified'), keepUnitIds: [saved.booked_units[0].id], units: bookedUnitsInput(edited, id) });
    const after = (await ok<{ bookings_by_pk: { status: string; checkout: string; booked_units: { id: string; checkout: string; price: string }[] } }>(member, BookingDetailsDocument, { id })).bookings_by_pk;
    expect(after).toMatchObject({ status: 'modified', checkout: '2031-08-06' });
    expect(after.booked_units).toEqual([expect.objectContaining({ id: saved.booked_units[0].id, checkout: '2031-08-06', price: '99.00' })]);
  });

  it('lets a manager change only notes, and only on managed bookings', async () => {
    const managed = (await ok<{ bookings: { id: string }[] }>(manager, BookingListDocument, list({}, 1))).bookings[0];
    expect(managed).toBeDefined();
    await ok(manager, UpdateBookingNotesDocument, { id: managed.id, notes: 'Late arrival, key in box 3' });
    const refused = await run(manager, SetBookingStatusDocument, { id: managed.id, status: 'cancelled' });
    expect(refused.errors?.length).toBeGreaterThan(0);
    const managedIds = new Set((await ok<{ bookings: { id: string }[] }>(manager, BookingListDocument, list({}, 1000))).bookings.map((b) => b.id));
    const other = (await ok<{ bookings: { id: string }[] }>(member, BookingListDocument, list({}, 1000))).bookings.find((b) => !managedIds.has(b.id));
    expect(other).toBeDefined();
    const outside = await ok<{ update_bookings_by_pk: { id: string } | null }>(manager, UpdateBookingNotesDocument, { id: other?.id, notes: 'not mine' });
    expect(outside.update_bookings_by_pk).toBeNull();
  });
});

// What the communicator's editor sends (the real mappers), as a communicator: the customer, notes
// and guest counts change together; the unit, rate, price, dates, money and status are refused, and
// a refused request changes nothing.
describe("the communicator's editor", () => {
  type Details = { bookings_by_pk: BookingDetailsFragment };
  const details = async (id: string) => (await ok<Details>(member, BookingDetailsDocument, { id })).bookings_by_pk;
  const communicatorSave = (id: string, values: ReturnType<typeof bookingValuesOf>) =>
    run(communicator, UpdateBookingGuestDetailsDocument, { id, set: { ...guestDetailsSet(values), ...guestTotalsSet(values) }, units: bookedUnitGuestUpdates(values) });
  let unit: UnitOption;
  let id: string;
  beforeAll(async () => {
    const found = units.find((u) => u.occ_adults >= 2 && u.occ_children >= 1);
    if (!found) throw new Error('the demo data has no unit for two adults and a child');
    unit = found;
    id = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object: newBooking(unit, { checkin: '2031-12-01', checkout: '2031-12-04' }, 'Communicator Guest').object })).insert_bookings_one.id;
  });

  it('changes the customer, notes and guest counts of the booking and its unit in one save', async () => {
    const values = bookingValuesOf(await details(id));
    const edited = { ...values, customerName: 'Nagy Péter', notes: 'Baby cot please', units: [{ ...values.units[0], adults: 2, children: 1 }] };
    const saved = await communicatorSave(id, edited);
    expect(saved.errors).toBeUndefined();
    const after = await details(id);
    expect(after).toMatchObject({ customer_name: 'Nagy Péter', notes: 'Baby cot please', adults: 2, children: 1, infants: 0, status: 'new' });
    expect(after.booked_units).toEqual([expect.objectContaining({ unit_id: unit.id, adults: 2, children: 1, infants: 0 })]);
  });

  it("refuses more guests than the unit takes with the capacity message, and keeps the rest of the save undone", async () => {
    const before = await details(id);
    const values = bookingValuesOf(before);
    const refused = await communicatorSave(id, { ...values, customerName: 'Should Not Stay', units: [{ ...values.units[0], adults: unit.occ_adults + 1 }] });
    expect(uniquenessViolation(refused.errors ?? [])).toEqual({ field: 'units', messageKey: 'booking:errors.capacity' });
    expect(await details(id)).toMatchObject({ customer_name: before.customer_name, adults: before.adults });
  });

  it('refuses the unit, rate, price, dates, money, status and hidden columns, wrong types and a forged token', async () => {
    const before = await details(id);
    const bu = before.booked_units[0].id;
    const other = units.find((u) => u.id !== unit.id && u.accommodation_id === unit.accommodation_id) ?? units.find((u) => u.id !== unit.id);
    const refusedSets: Record<string, unknown>[] = [{ checkin: '2031-12-02' }, { checkout: '2031-12-09' }, { status: 'cancelled' }, { accommodation_fee: 1 }, { cleaning_fee: 1 }, { currency: 'HUF' }, { channel: 'airbnb' }, { ota_code: 'X1' }, { accommodation_id: other?.accommodation_id }, { journey_id: crypto.randomUUID() }];
    for (const set of refusedSets) {
      const r = await run(communicator, UpdateBookingGuestDetailsDocument, { id, set, units: [] });
      expect(r.errors?.length, JSON.stringify(set)).toBeGreaterThan(0);
    }
    const refusedUnitSets: Record<string, unknown>[] = [{ unit_id: other?.id }, { rate_id: null }, { price: 1 }, { checkin: '2031-12-02' }, { checkout: '2031-12-03' }, { booking_id: crypto.randomUUID() }, { is_cancelled: true }];
    for (const set of refusedUnitSets) {
      const r = await run(communicator, UpdateBookingGuestDetailsDocument, { id, set: {}, units: [{ where: { id: { _eq: bu } }, _set: set }] });
      expect(r.errors?.length, JSON.stringify(set)).toBeGreaterThan(0);
    }
    // The member's editor (units replaced, status) and cancelling are not theirs either.
    const values = bookingValuesOf(before);
    expect((await run(communicator, UpdateBookingDocument, { id, set: {}, keepUnitIds: [bu], units: bookedUnitsInput(values, id) })).errors?.length).toBeGreaterThan(0);
    expect((await run(communicator, SetBookingStatusDocument, { id, status: 'cancelled' })).errors?.length).toBeGreaterThan(0);
    expect((await client.gql(communicator, 'mutation($id: uuid!) { delete_booked_units(where: {id: {_eq: $id}}) { affected_rows } }', { id: bu })).errors?.length).toBeGreaterThan(0);
    for (const adults of ['two', 1.5, -1, 0, 70_000, null, { _inc: 1 }]) {
      const r = await run(communicator, UpdateBookingGuestDetailsDocument, { id, set: {}, units: [{ where: { id: { _eq: bu } }, _set: { adults, children: 0 } }] });
      expect(r.errors?.length, JSON.stringify(adults)).toBeGreaterThan(0);
    }
    // A communicator's claims under a signature the backend never made.
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = { 'x-hasura-default-role': 'communicator', 'x-hasura-allowed-roles': ['communicator'], 'x-hasura-user-id': DEMO.communicator };
    const forged = await fetch(`${backend.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: DEMO.communicator, 'https://hasura.io/jwt/claims': claims })}.${part({ s: 'forged' })}` },
      body: JSON.stringify({ query: print(UpdateBookingGuestDetailsDocument), variables: { id, set: { customer_name: 'Forged' }, units: [] } }),
    });
    expect(((await forged.json()) as { errors?: unknown[] }).errors?.length).toBeGreaterThan(0);
    const after = await details(id);
    expect(after).toMatchObject({ checkin: before.checkin, checkout: before.checkout, status: before.status, accommodation_fee: before.accommodation_fee, customer_name: before.customer_name, adults: before.adults });
    expect(after.booked_units).toEqual(before.booked_units);
  });
});

describe('country codes NTAK does not know', () => {
  // The booker's country and a guest's nationality and residence go to NTAK and VIZA: the database
  // takes only NTAK's codes (migration 1795500000000), whatever the client sends.
  const guestRow = (bookingUnitId: string, over: Record<string, unknown> = {}) => ({
    booking_unit_id: bookingUnitId, first_name: 'Jan', last_name: 'Novák', dob: '1980-01-02', gender: 'male', nationality: 'CZ', country: 'CZ', zip: '11000',
    document_id: 'P1234567', document_type: 'passport', checkin_time: '2031-09-01T15:00:00Z', checkout_time: '2031-09-03T09:00:00Z', ...over,
  });
  const insertGuest = `mutation ($g: guest_checkins_insert_input!) { insert_guest_checkins_one(object: $g) { id nationality } }`;

  it('refuses unknown, lower-case, mistyped and oversized booker countries with the form message, from every writing role', async () => {
    const unit = units[4];
    for (const [i, code] of ['XX', 'UK', 'gb', 'other', 'HUN', 'G'.repeat(100_000), "H'"].entries()) {
      const { object } = newBooking(unit, { checkin: `2031-09-${String(10 + i).padStart(2, '0')}`, checkout: `2031-09-${String(11 + i).padStart(2, '0')}` }, `Bad ${i}`);
      const refused = await run(member, InsertBookingDocument, { object: { ...object, customer_country: code } });
      expect(refused.errors?.length, code.slice(0, 8)).toBeGreaterThan(0);
    }
    // Wrong types never reach the check: the engine refuses them.
    for (const code of [36, ['HU'], { code: 'HU' }, true]) {
      const { object } = newBooking(unit, { checkin: '2031-09-20', checkout: '2031-09-21' }, 'Typed');
      expect((await run(member, InsertBookingDocument, { object: { ...object, customer_country: code } })).errors?.length, JSON.stringify(code)).toBeGreaterThan(0);
    }
    const { object } = newBooking(unit, { checkin: '2031-09-22', checkout: '2031-09-24' }, 'Good Country');
    const refused = await run(member, InsertBookingDocument, { object: { ...object, customer_country: 'XX' } });
    expect(uniquenessViolation(refused.errors ?? [])).toEqual({ field: 'customerCountry', messageKey: 'booking:validation.country' });
    const id = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object: { ...object, customer_country: 'XK' } })).insert_bookings_one.id;
    // A communicator edits the customer: the same check.
    const byCommunicator = await run(communicator, UpdateBookingGuestDetailsDocument, { id, set: { customer_country: 'UK' }, units: [] });
    expect(uniquenessViolation(byCommunicator.errors ?? [])).toEqual({ field: 'customerCountry', messageKey: 'booking:validation.country' });
    await ok(communicator, UpdateBookingGuestDetailsDocument, { id, set: { customer_country: 'GB' }, units: [] });
    expect((await ok<{ bookings_by_pk: { customer_country: string } }>(member, BookingDetailsDocument, { id })).bookings_by_pk.customer_country).toBe('GB');
  });

  it('does not block a row stored before the check: it can be edited and cancelled, and only a new code is checked', async () => {
    const unit = units[4];
    const { object } = newBooking(unit, { checkin: '2031-10-01', checkout: '2031-10-03' }, 'Old Row');
    const id = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object: { ...object, customer_country: 'GB' } })).insert_bookings_one.id;
    // As a database from before migration 1795500000000 holds it.
    await backend.ctx.db.query('ALTER TABLE public.bookings DISABLE TRIGGER bookings_country_check');
    await backend.ctx.db.query(`UPDATE public.bookings SET customer_country = 'UK' WHERE id = $1`, [id]);
    await backend.ctx.db.query('ALTER TABLE public.bookings ENABLE TRIGGER bookings_country_check');
    await ok(communicator, UpdateBookingGuestDetailsDocument, { id, set: { customer_phone: '+44 20 7946 0000', adults: 2 }, units: [] });
    await ok(member, SetBookingStatusDocument, { id, status: 'cancelled' });
    expect((await run(member, UpdateBookingGuestDetailsDocument, { id, set: { customer_country: 'XX' }, units: [] })).errors?.length).toBeGreaterThan(0);
    await ok(member, UpdateBookingGuestDetailsDocument, { id, set: { customer_country: 'GB' }, units: [] });
    expect((await ok<{ bookings_by_pk: { customer_country: string; status: string } }>(member, BookingDetailsDocument, { id })).bookings_by_pk).toMatchObject({ customer_country: 'GB', status: 'cancelled' });
  });

  it("refuses a guest's unknown nationality or residence entered by staff, and keeps old guests editable", async () => {
    const unit = units[4];
    const { object } = newBooking(unit, { checkin: '2031-11-01', checkout: '2031-11-03' }, 'Guest Codes');
    const id = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object })).insert_bookings_one.id;
    const bu = (await ok<{ bookings_by_pk: { booked_units: { id: string }[] } }>(member, BookingDetailsDocument, { id })).bookings_by_pk.booked_units[0].id;
    for (const over of [{ nationality: 'XX' }, { country: 'UK' }, { nationality: 'cz' }, { country: 'C'.repeat(100_000) }, { nationality: 42 }, { country: null }]) {
      const r = await client.gql(member, insertGuest, { g: guestRow(bu, over) });
      expect(r.errors?.length, JSON.stringify(over).slice(0, 30)).toBeGreaterThan(0);
    }
    const nat = await client.gql(member, insertGuest, { g: guestRow(bu, { nationality: 'XX' }) });
    expect(uniquenessViolation(nat.errors ?? [])).toEqual({ field: 'nationality', messageKey: 'journey:validation.country' });
    const res = await client.gql(member, insertGuest, { g: guestRow(bu, { country: 'YU' }) });
    expect(uniquenessViolation(res.errors ?? [])).toEqual({ field: 'country', messageKey: 'journey:validation.country' });
    const guest = (await client.data<{ insert_guest_checkins_one: { id: string } }>(member, insertGuest, { g: guestRow(bu) })).insert_guest_checkins_one.id;
    await backend.ctx.db.query('ALTER TABLE public.guest_checkins DISABLE TRIGGER guest_checkins_country_check');
    await backend.ctx.db.query(`UPDATE public.guest_checkins SET nationality = 'CS' WHERE id = $1`, [guest]);
    await backend.ctx.db.query('ALTER TABLE public.guest_checkins ENABLE TRIGGER guest_checkins_country_check');
    const edit = `mutation ($id: uuid!, $s: guest_checkins_set_input!) { update_guest_checkins_by_pk(pk_columns: {id: $id}, _set: $s) { id nationality zip } }`;
    expect((await client.data<{ update_guest_checkins_by_pk: { zip: string } }>(communicator, edit, { id: guest, s: { zip: '11001' } })).update_guest_checkins_by_pk.zip).toBe('11001');
    expect((await client.gql(communicator, edit, { id: guest, s: { nationality: 'XX' } })).errors?.length).toBeGreaterThan(0);
    expect((await client.data<{ update_guest_checkins_by_pk: { nationality: string } }>(communicator, edit, { id: guest, s: { nationality: 'RS' } })).update_guest_checkins_by_pk.nationality).toBe('RS');
  });
});

describe('cancel and re-activate keep history', () => {
  it('logs every status change with who and when, by a trigger any client goes through', async () => {
    const unit = units[4];
    const { object } = newBooking(unit, { checkin: '2031-09-01', checkout: '2031-09-04' });
    const id = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object })).insert_bookings_one.id;
    await ok(member, SetBookingStatusDocument, { id, status: 'cancelled' });
    // The nights are free now: another stay takes them, so re-activating is refused with the overlap message.
    const rival = newBooking(unit, { checkin: '2031-09-02', checkout: '2031-09-03' }, 'Rival Guest');
    const rivalId = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object: rival.object })).insert_bookings_one.id;
    const refused = await run(member, SetBookingStatusDocument, { id, status: 'modified' });
    expect(uniquenessViolation(refused.errors ?? [])).toEqual({ field: 'checkin', messageKey: 'booking:errors.overlap' });
    await ok(member, SetBookingStatusDocument, { id: rivalId, status: 'cancelled' });
    await ok(member, SetBookingStatusDocument, { id, status: 'modified' });
    // A change with the admin secret (a function, an import) is logged too, without a user.
    await client.data('admin-secret', 'mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {status: cancelled}) { id } }', { id });

    type Change = { old_status: string | null; new_status: string; changed_by_name: string | null; changed_by_role: string | null; changed_at: string };
    const history = (await ok<{ booking_status_changes: Change[] }>(communicator, BookingStatusHistoryDocument, { bookingId: id })).booking_status_changes;
    expect(history.map((h) => [h.old_status, h.new_status])).toEqual([
      ['modified', 'cancelled'],
      ['cancelled', 'modified'],
      ['new', 'cancelled'],
      [null, 'new'],
    ]);
    expect(history[1]).toMatchObject({ changed_by_role: 'member', changed_by_name: 'Márk Member' });
    expect(history[0].changed_by_name).toBeNull();
    expect(Date.parse(history[0].changed_at)).toBeGreaterThanOrEqual(Date.parse(history[3].changed_at));
  });

  it('names the actor by display name only, never by e-mail (managers read the history too)', async () => {
    const unit = units[5];
    const { object } = newBooking(unit, { checkin: '2031-10-01', checkout: '2031-10-03' });
    const id = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object })).insert_bookings_one.id;
    await client.data('admin-secret', 'mutation { updateUser(pk_columns: {id: "' + DEMO.member + '"}, _set: {displayName: "  "}) { id } }');
    await ok(member, SetBookingStatusDocument, { id, status: 'cancelled' });
    await client.data('admin-secret', 'mutation { updateUser(pk_columns: {id: "' + DEMO.member + '"}, _set: {displayName: "Márk Member"}) { id } }');
    const history = (await ok<{ booking_status_changes: { new_status: string; changed_by_name: string | null; changed_by_role: string | null }[] }>(member, BookingStatusHistoryDocument, { bookingId: id })).booking_status_changes;
    expect(history[0]).toEqual(expect.objectContaining({ new_status: 'cancelled', changed_by_name: null, changed_by_role: 'member' }));
    const all = await client.data<{ booking_status_changes: { changed_by_name: string | null }[] }>('admin-secret', '{ booking_status_changes(where: {changed_by_name: {_like: "%@%"}}) { changed_by_name } }');
    expect(all.booking_status_changes).toEqual([]);
  });

  it("a signed-in caller cannot name another role in the history: x-hasura-acting-role counts only in an admin session", async () => {
    const unit = units[5];
    const { object } = newBooking(unit, { checkin: '2031-10-05', checkout: '2031-10-07' });
    const id = (await ok<{ insert_bookings_one: { id: string } }>(member, InsertBookingDocument, { object })).insert_bookings_one.id;
    const token = await backend.ctx.jwt.sign({ 'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['member'], 'x-hasura-default-role': 'member', 'x-hasura-user-id': DEMO.member }, sub: DEMO.member }, 900);
    const res = await fetch(`${backend.url}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-hasura-acting-role': 'owner' },
      body: JSON.stringify({ query: print(SetBookingStatusDocument), variables: { id, status: 'cancelled' } }),
    });
    expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();
    const history = (await ok<{ booking_status_changes: { new_status: string; changed_by_role: string | null }[] }>(member, BookingStatusHistoryDocument, { bookingId: id })).booking_status_changes;
    expect(history[0]).toEqual(expect.objectContaining({ new_status: 'cancelled', changed_by_role: 'member' }));
  });

  it('nobody writes or forges history rows through GraphQL, and owners and cleaners cannot read them', async () => {
    const bookingId = (await ok<{ bookings: { id: string }[] }>(member, BookingListDocument, list({}, 1))).bookings[0].id;
    for (const caller of [member, communicator, manager]) {
      const forged = await client.gql(caller, 'mutation($b: uuid!) { insert_booking_status_changes_one(object: {booking_id: $b, new_status: cancelled, changed_by_name: "someone else"}) { id } }', { b: bookingId });
      expect(forged.errors?.[0].extensions.code).toBe('validation-failed');
      const erased = await client.gql(caller, 'mutation { delete_booking_status_changes(where: {}) { affected_rows } }');
      expect(erased.errors?.[0].extensions.code).toBe('validation-failed');
    }
    for (const caller of [owner, cleaner, 'public' as const]) {
      const read = await client.gql(caller, 'query { booking_status_changes { id } }');
      expect(read.errors?.[0].extensions.code).toBe('validation-failed');
    }
  });
});
