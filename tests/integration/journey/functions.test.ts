// The guest journey functions on the real embedded backend, attacked the way a stranger with a
// link would: wrong journey ids, wrong types, unknown fields, script in names, other bookings'
// units. Every refusal is a clear status with a `journey:` message key in both languages, and
// leaves nothing stored.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../backend/server';
import { startTestBackend } from '../../helpers/backend';
import { composeMrz } from '../../../src/domain/mrz/compose';
import { renderDocumentPhoto } from '../../../scripts/mrz/render';
import { admin, guest, makeStay, type Stay } from './fixtures';

let backend: RunningBackend;
let ip = 0;

/** Each test its own client address (X-Forwarded-For from loopback is trusted), so rate limits do not cross tests. */
function client() {
  const address = `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
  return async (fn: string, body: unknown, init: { method?: string; raw?: Buffer; journey?: string } = {}) => {
    const res = await fetch(`${backend.url}/v1/functions/journey/${fn}`, {
      method: init.method ?? 'POST',
      headers: { 'content-type': init.raw ? 'application/octet-stream' : 'application/json', 'x-forwarded-for': address, ...(init.journey ? { 'x-journey-id': init.journey } : {}) },
      body: init.method === 'GET' ? undefined : init.raw ? new Uint8Array(init.raw) : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}

function translated(key: unknown, locale: 'en' | 'hu'): string {
  const [ns, rest] = String(key).split('|')[0].split(':');
  const json = JSON.parse(fs.readFileSync(path.join(__dirname, `../../../public/locales/${locale}/${ns}.json`), 'utf8')) as Record<string, unknown>;
  const value = rest.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], json);
  if (typeof value !== 'string' || !value) throw new Error(`${key} missing in ${locale}`);
  return value;
}

const counts = async (stay: Stay) =>
  admin<{ g: { aggregate: { count: number } }; i: { aggregate: { count: number } }; t: { aggregate: { count: number } }; a: { aggregate: { count: number } } }>(
    backend,
    `query($b: uuid!) {
      g: guest_checkins_aggregate(where: {booking_unit: {booking_id: {_eq: $b}}}) { aggregate { count } }
      i: invoice_details_aggregate(where: {booking_id: {_eq: $b}}) { aggregate { count } }
      t: transfer_orders_aggregate(where: {booking_id: {_eq: $b}}) { aggregate { count } }
      a: adventure_orders_aggregate(where: {booking_id: {_eq: $b}}) { aggregate { count } }
    }`,
    { b: stay.bookingId },
  ).then((d) => ({ checkins: d.g.aggregate.count, invoices: d.i.aggregate.count, transfers: d.t.aggregate.count, adventures: d.a.aggregate.count }));
const NOTHING = { checkins: 0, invoices: 0, transfers: 0, adventures: 0 };

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);
afterAll(async () => {
  await backend?.close();
});

describe('journey/get', () => {
  it('refuses malformed and unknown journey ids with the spec messages', async () => {
    const call = client();
    const bad = await call('get', { journeyId: "1' OR '1'='1" });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid-body', field: 'journeyId', messageKey: 'journey:validation.journeyId' } });
    expect(translated(bad.body.messageKey, 'en')).toBe("You've entered an invalid url");
    const unknown = await call('get', { journeyId: '6f1c2b9e-0000-4000-8000-000000000000' });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'not-found', messageKey: 'journey:errors.notFound' } });
    expect(translated(unknown.body.messageKey, 'en')).toBe("Can't find booking with the provided information");
    expect(translated(unknown.body.messageKey, 'hu')).toBe('A megadott adatokkal nem található foglalás');
    expect((await call('get', { journeyId: 42 })).status).toBe(400);
    expect((await call('get', { journeyId: '6f1c2b9e-0000-4000-8000-000000000000', extra: 1 })).body).toMatchObject({ error: 'unknown-field' });
    // A __proto__ key (an own key after JSON.parse) is a clean 400 too, not "field.resolve is not a function".
    const proto = await call('get', JSON.parse('{"journeyId": "6f1c2b9e-0000-4000-8000-000000000000", "__proto__": {"open": true}}'));
    expect(proto).toMatchObject({ status: 400, body: { error: 'unknown-field', field: '__proto__', messageKey: 'journey:errors.invalid' } });
    expect((await call('get', null, { method: 'GET' })).status).toBe(405);
  });

  it("opens a link whose id is a uuid of no RFC 4122 version, as the demo data's md5-made ids are, and checks a guest in on it", async () => {
    // Version digit 'c', variant digit '7': yup's uuid() refused these, so every demo guest link said "invalid url".
    const odd = () => `${crypto.randomUUID().slice(0, 14)}c${crypto.randomUUID().slice(15, 19)}7${crypto.randomUUID().slice(20)}`;
    const stay = await makeStay(backend, { ids: { journey: odd(), bookedUnit: odd() } });
    const call = client();
    const got = await call('get', { journeyId: stay.journeyId });
    expect(got).toMatchObject({ status: 200, body: { open: true } });
    expect((await call('checkin', guest(stay))).status).toBe(200);
    expect((await counts(stay)).checkins).toBe(1);
  });

  it('says from when before the journey opens (5 days before check-in), and shows no stay details', async () => {
    const stay = await makeStay(backend, { daysAhead: 6 });
    const { status, body } = await client()('get', { journeyId: stay.journeyId });
    expect(status).toBe(200);
    expect(body).toMatchObject({ open: false, closed: false, stay: null, checkin: stay.checkin, checkout: stay.checkout });
    const opensOn = new Date(`${stay.checkin}T00:00:00Z`);
    opensOn.setUTCDate(opensOn.getUTCDate() - 5);
    expect(body.opensOn).toBe(opensOn.toISOString().slice(0, 10));
    const write = await client()('invoice', { journeyId: stay.journeyId, name: 'Anna Kovacs', country: 'HU', zip: '1052', city: 'Budapest', address: 'Váci utca 1.' });
    expect(write).toMatchObject({ status: 403, body: { error: 'not-open', messageKey: 'journey:errors.notOpen' } });
    expect(await counts(stay)).toEqual(NOTHING);
  });

  it('closes 3 days after check-out: no stay details (Wi-Fi, guests) and no writes, in reads and writes alike', async () => {
    const call = client();
    // Checked out 3 days ago: the last open day.
    const lastDay = await makeStay(backend, { daysAhead: -6, nights: 3 });
    expect((await call('get', { journeyId: lastDay.journeyId })).body).toMatchObject({ open: true, closed: false });
    const invoice = (journeyId: string) => ({ journeyId, name: 'Anna Kovacs', country: 'HU', zip: '1052', city: 'Budapest', address: 'Váci utca 1.' });
    expect((await call('invoice', invoice(lastDay.journeyId))).status).toBe(200);
    // Checked out 4 days ago (and one long past, as in the review: 2026-01-27): closed.
    for (const stay of [await makeStay(backend, { daysAhead: -7, nights: 3 }), await makeStay(backend, { daysAhead: -300, nights: 2 })]) {
      expect((await call('checkin', guest(stay))).status).toBe(403);
      const { status, body } = await call('get', { journeyId: stay.journeyId });
      expect(status).toBe(200);
      expect(body).toMatchObject({ open: false, closed: true, stay: null, checkin: stay.checkin, checkout: stay.checkout });
      expect(JSON.stringify(body)).not.toContain('secret-wifi');
      const refused = { status: 403, body: { error: 'closed', messageKey: 'journey:errors.closed' } };
      expect(await call('invoice', invoice(stay.journeyId))).toMatchObject(refused);
      expect(translated('journey:errors.closed', 'hu')).toContain('lezárult');
      expect(await call('transfer', { journeyId: stay.journeyId, name: 'Anna Kovacs', email: 'a@example.test', phone: '+36301234567', direction: 'arrival', flightNumber: 'W62201', date: stay.checkout, flightTime: '12:00', payment: 'cash', passengers: 1, fromAddress: 'BUD', toAddress: 'Flat' })).toMatchObject(refused);
      expect(await call('adventure', { journeyId: stay.journeyId, name: 'Anna Kovacs', email: 'a@example.test', phone: '+36301234567', date: stay.checkout, adventureType: 'other', guests: 1 })).toMatchObject(refused);
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      expect(await call('scan', null, { raw: png, journey: stay.journeyId })).toMatchObject(refused);
      expect(await counts(stay)).toEqual(NOTHING);
    }
  });

  it('shows the stay, house rules from the start and the other guest-readable facts once someone checked in', async () => {
    const stay = await makeStay(backend);
    const call = client();
    const before = (await call('get', { journeyId: stay.journeyId })).body as { open: boolean; stay: Record<string, unknown> };
    expect(before.open).toBe(true);
    expect(before.stay).toMatchObject({ customerName: 'Anna Kovacs', address: 'Váci utca 34.', houseRules: 'Quiet after 22:00', facts: [], units: [{ id: stay.bookedUnitId, capacity: 2, guests: [] }] });
    expect(String(before.stay.mapUrl)).toContain('V%C3%A1ci%20utca%2034.');
    expect((await call('checkin', guest(stay))).status).toBe(200);
    const after = (await call('get', { journeyId: stay.journeyId })).body as { stay: { facts: { slug: string; value: string }[] } };
    // Wi-Fi is readable by everyone; the door code only by managers: never shown to guests.
    expect(after.stay.facts).toEqual([expect.objectContaining({ slug: 'wifi', value: 'Staydesk / secret-wifi' })]);
  });
});

describe('guest messaging of a cancelled booking', () => {
  it('answers 404 like journey/get: no thread read, no message stored', async () => {
    const stay = await makeStay(backend);
    const post = (fn: string, body: unknown) => fetch(`${backend.url}/v1/functions/inbox/${fn}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.0.${++ip % 250}` }, body: JSON.stringify(body) });
    expect((await post('guest-thread', { journeyId: stay.journeyId })).status).toBe(200);
    await admin(backend, `mutation($b: uuid!) { update_bookings_by_pk(pk_columns: {id: $b}, _set: {status: cancelled}) { id } }`, { b: stay.bookingId });
    expect((await client()('get', { journeyId: stay.journeyId })).status).toBe(404);
    expect((await post('guest-thread', { journeyId: stay.journeyId })).status).toBe(404);
    expect((await post('guest-message', { journeyId: stay.journeyId, body: 'Hello, is my booking still on?' })).status).toBe(404);
    const rows = await admin<{ messages_aggregate: { aggregate: { count: number } } }>(backend, `query($b: uuid!) { messages_aggregate(where: {thread: {thread_2_bookings: {booking_id: {_eq: $b}}}}) { aggregate { count } } }`, { b: stay.bookingId });
    expect(rows.messages_aggregate.aggregate.count).toBe(0);
  });
});

describe('journey/find', () => {
  it('finds a booking by e-mail (any case) or OTA code and its check-in day, and nothing else', async () => {
    const stay = await makeStay(backend);
    const call = client();
    expect(await call('find', { query: stay.email.toLowerCase(), checkin: stay.checkin })).toEqual({ status: 200, body: { journeyId: stay.journeyId } });
    expect(await call('find', { query: stay.otaCode, checkin: stay.checkin })).toEqual({ status: 200, body: { journeyId: stay.journeyId } });
    for (const attempt of [
      { query: stay.email, checkin: stay.checkout },
      { query: '%', checkin: stay.checkin },
      { query: '%@example.test', checkin: stay.checkin },
      { query: stay.otaCode.toLowerCase(), checkin: stay.checkin },
    ]) {
      expect(await call('find', attempt)).toMatchObject({ status: 404, body: { messageKey: 'journey:errors.notFound' } });
    }
    expect((await call('find', { query: '<script>alert(1)</script>', checkin: stay.checkin })).body).toMatchObject({ field: 'query', messageKey: 'journey:validation.plainText' });
  });

  it('limits attempts per client address (10 per 10 minutes)', async () => {
    const call = client();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await call('find', { query: `nobody${i}@example.test`, checkin: '2030-01-01' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    const limited = await call('find', { query: 'nobody@example.test', checkin: '2030-01-01' });
    expect(limited).toMatchObject({ status: 429, body: { messageKey: 'journey:errors.tooManyAttempts' } });
    expect(statuses[10]).toBe(429);
    // Another address is not affected.
    expect((await client()('find', { query: 'nobody@example.test', checkin: '2030-01-01' })).status).toBe(404);
  });
});

describe('journey/checkin', () => {
  it('refuses hostile input with the field and a message, storing nothing', async () => {
    const stay = await makeStay(backend);
    const call = client();
    const cases: [Record<string, unknown>, string, string][] = [
      [guest(stay, { firstName: '<script>alert(1)</script>' }), 'guest.firstName', 'journey:validation.letters'],
      [guest(stay, { lastName: 'Robert"); DROP TABLE guest_checkins;--' }), 'guest.lastName', 'journey:validation.letters'],
      [guest(stay, { dob: 19850412 }), 'guest.dob', 'journey:validation.date'],
      [guest(stay, { nationality: 'XX' }), 'guest.nationality', 'journey:validation.country'],
      [guest(stay, { documentId: '<img src=x>' }), 'guest.documentId', 'journey:validation.lettersOrNumbers'],
      [guest(stay, { arrivalTime: '25:00' }), 'guest.arrivalTime', 'journey:validation.time'],
      [guest(stay, { gender: 'robot' }), 'guest.gender', 'journey:validation.required'],
      [guest(stay, { firstName: 'A'.repeat(5000) }), 'guest.firstName', 'journey:validation.max|{"count":80}'],
      [{ ...guest(stay), bookedUnitId: 'not-a-uuid' }, 'bookedUnitId', 'journey:validation.required'],
      [{ ...guest(stay), journeyId: stay.bookingId }, '', 'journey:errors.notFound'],
    ];
    for (const [body, field, messageKey] of cases) {
      const res = await call('checkin', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.body.messageKey).toBe(messageKey);
      if (field) expect(res.body.field).toBe(field);
      expect(translated(messageKey, 'en')).toBeTruthy();
      expect(translated(messageKey, 'hu')).toBeTruthy();
    }
    expect((await call('checkin', { ...guest(stay), admin: true })).body).toMatchObject({ error: 'unknown-field' });
    expect((await call('checkin', { ...guest(stay), guest: { ...guest(stay).guest, booking_unit_id: stay.bookedUnitId } })).body).toMatchObject({ error: 'unknown-field' });
    expect(await counts(stay)).toEqual(NOTHING);
  });

  it('holds the scanned fields to what an MRZ can give: no megabyte values, no markup for NTAK/VIZA', async () => {
    const stay = await makeStay(backend);
    const call = client();
    const scanned = { firstName: 'Anna', lastName: 'Kovacs', dob: '1985-04-12', gender: 'female', nationality: 'HU', documentType: 'passport', documentId: 'BA1234567', documentExpiry: '2031-05-01', issuingCountry: 'HU' };
    const hostile: [string, unknown][] = [
      ['dob', 'x'.repeat(3 * 1024 * 1024)],
      ['issuingCountry', '<img src=x onerror=alert(1)>'],
      ['nationality', 'Hungarian'],
      ['firstName', 'Anna<script>'],
      ['lastName', 'K'.repeat(41)],
      ['gender', 'robot'],
      ['documentType', 'visa<b>'],
      ['documentId', 'BA 1234567; DROP'],
      ['documentExpiry', '01/05/2031'],
    ];
    for (const [field, value] of hostile) {
      const res = await call('checkin', { ...guest(stay), scanned: { ...scanned, [field]: value } });
      expect(res, field).toMatchObject({ status: 400, body: { field: `scanned.${field}`, messageKey: 'journey:errors.invalid' } });
    }
    expect(await counts(stay)).toEqual(NOTHING);
    // Well-formed but not read by journey/scan (no seal, a changed field, another journey's scan): refused.
    const photo = await renderDocumentPhoto(composeMrz({ kind: 'passport', issuingCountry: 'HU', nationality: 'HU', lastName: 'Kovács', firstName: 'Anna', documentNumber: 'BA1234567', birthDate: '1985-04-12', expiryDate: '2031-05-01', sex: 'female' }), 'photo', 1001);
    const read = await call('scan', null, { raw: photo, journey: stay.journeyId });
    expect(read.status).toBe(200);
    const sealed = read.body.fields as Record<string, unknown>;
    expect(sealed).toMatchObject({ ...scanned, seal: expect.stringMatching(/^[\w-]{43}$/) });
    const other = await makeStay(backend);
    const forged = [scanned, { ...sealed, documentId: 'XX9999999' }, { ...sealed, seal: 'A'.repeat(43) }];
    for (const fields of forged) expect(await call('checkin', { ...guest(stay), scanned: fields })).toMatchObject({ status: 400, body: { field: 'scanned' } });
    expect(await call('checkin', { ...guest(other), scanned: sealed })).toMatchObject({ status: 400, body: { field: 'scanned' } });
    expect(await counts(stay)).toEqual(NOTHING);
    // What the reader really read for this journey is taken, and stored without its seal.
    expect((await call('checkin', { ...guest(stay), scanned: sealed })).status).toBe(200);
    const rows = await admin<{ guest_checkins: { scanned: Record<string, unknown> }[] }>(backend, `query($u: uuid!) { guest_checkins(where: {booking_unit_id: {_eq: $u}}) { scanned } }`, { u: stay.bookedUnitId });
    expect(rows.guest_checkins).toEqual([{ scanned }]);
  });

  it("refuses a unit of another booking and a birth date in the future", async () => {
    const stay = await makeStay(backend);
    const other = await makeStay(backend);
    const call = client();
    expect(await call('checkin', { ...guest(stay), bookedUnitId: other.bookedUnitId })).toMatchObject({ status: 400, body: { error: 'unknown-unit', messageKey: 'journey:errors.unknownUnit' } });
    expect((await call('checkin', guest(stay, { dob: '2099-01-01' }))).body).toMatchObject({ field: 'guest.dob', messageKey: 'journey:validation.dobFuture' });
    expect(await counts(stay)).toEqual(NOTHING);
    expect(await counts(other)).toEqual(NOTHING);
  });

  it("checks guests in; the same document twice is 'Guest already checked in'; a third guest for two is the capacity message", async () => {
    const stay = await makeStay(backend, { adults: 2 });
    const call = client();
    const first = await call('checkin', guest(stay));
    expect(first.status).toBe(200);
    const again = await call('checkin', guest(stay, { documentId: 'ba 123 4567' }));
    expect(again).toMatchObject({ status: 409, body: { error: 'already-checked-in', messageKey: 'journey:errors.alreadyCheckedIn' } });
    expect(translated(again.body.messageKey, 'en')).toBe('Guest already checked in');
    expect((await call('checkin', guest(stay, { firstName: 'Péter', documentId: 'HU7654321', documentType: 'id_card', gender: 'male' }))).status).toBe(200);
    const third = await call('checkin', guest(stay, { firstName: 'Zoltán', documentId: 'ZZ0000001' }));
    expect(third).toMatchObject({ status: 409, body: { error: 'capacity', messageKey: 'journey:errors.capacity' } });
    expect(translated(third.body.messageKey, 'en')).toBe('capacity reached for booked guests');
    const rows = await admin<{ guest_checkins: Record<string, unknown>[] }>(
      backend,
      `query($u: uuid!) { guest_checkins(where: {booking_unit_id: {_eq: $u}}, order_by: {created_at: asc}) { first_name last_name document_id checkin_time checkout_time mother_last_name scanned } }`,
      { u: stay.bookedUnitId },
    );
    expect(rows.guest_checkins).toHaveLength(2);
    expect(rows.guest_checkins[0]).toMatchObject({ first_name: 'Anna', last_name: 'Kovács', document_id: 'BA1234567', mother_last_name: 'Tóth', scanned: null });
    expect(new Date(String(rows.guest_checkins[0].checkin_time)).toISOString()).toBe(new Date(`${stay.checkin}T15:00:00+01:00`).toISOString());
  });
});

describe('journey/invoice', () => {
  it('stores the details once per booking (sending again replaces them) and refuses markup', async () => {
    const stay = await makeStay(backend);
    const call = client();
    const body = { journeyId: stay.journeyId, name: 'Kovács Kft.', country: 'HU', zip: '1052', city: 'Budapest', address: 'Váci utca 1.', taxId: '12345678-2-42' };
    const bad = await call('invoice', { ...body, address: '<b onmouseover=alert(1)>x</b>' });
    expect(bad).toMatchObject({ status: 400, body: { field: 'address', messageKey: 'journey:validation.plainText' } });
    expect((await call('invoice', { ...body, country: 'Hungary' })).body).toMatchObject({ field: 'country' });
    expect(await counts(stay)).toEqual(NOTHING);
    expect((await call('invoice', body)).status).toBe(200);
    expect((await call('invoice', { ...body, name: 'Anna Kovács', taxId: undefined })).status).toBe(200);
    const rows = await admin<{ invoice_details: Record<string, unknown>[] }>(backend, `query($b: uuid!) { invoice_details(where: {booking_id: {_eq: $b}}) { name tax_id city } }`, { b: stay.bookingId });
    expect(rows.invoice_details).toEqual([{ name: 'Anna Kovács', tax_id: null, city: 'Budapest' }]);
  });
});

describe('journey/transfer and journey/adventure', () => {
  it('orders a transfer to a departing flight with pickup 3 hours before, confirmed by e-mail in the guest language', async () => {
    const stay = await makeStay(backend);
    const call = client();
    const order = { journeyId: stay.journeyId, locale: 'hu', name: 'Anna Kovács', email: 'anna@example.test', phone: '+36 30 123 4567', direction: 'departure', flightNumber: 'w6 2201', date: stay.checkout, flightTime: '01:30', payment: 'card', passengers: 2, fromAddress: 'Váci utca 34.', toAddress: 'BUD Terminal 2' };
    expect((await call('transfer', { ...order, passengers: 40 })).body).toMatchObject({ field: 'passengers', messageKey: 'journey:validation.tooHigh' });
    expect((await call('transfer', { ...order, passengers: 'two' })).body).toMatchObject({ field: 'passengers', messageKey: 'journey:validation.number' });
    expect((await call('transfer', { ...order, date: '2035-01-01' })).body).toMatchObject({ field: 'date', messageKey: 'journey:validation.dateOutsideStay' });
    expect((await call('transfer', { ...order, name: 'Anna<svg/onload=alert(1)>' })).body).toMatchObject({ field: 'name', messageKey: 'journey:validation.letters' });
    expect(await counts(stay)).toEqual(NOTHING);
    const sentBefore = backend.mailer.outbox().length;
    const ok = await call('transfer', order);
    const dayBefore = new Date(`${stay.checkout}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    expect(ok).toMatchObject({ status: 200, body: { pickupDate: dayBefore.toISOString().slice(0, 10), pickupTime: '22:30' } });
    const rows = await admin<{ transfer_orders: Record<string, unknown>[] }>(backend, `query($b: uuid!) { transfer_orders(where: {booking_id: {_eq: $b}}) { direction flight_number departure_time landing_time pickup_date pickup_time status } }`, { b: stay.bookingId });
    expect(rows.transfer_orders).toEqual([{ direction: 'departure', flight_number: 'W62201', departure_time: '01:30:00', landing_time: null, pickup_date: dayBefore.toISOString().slice(0, 10), pickup_time: '22:30:00', status: 'new' }]);
    const mail = backend.mailer.outbox().slice(sentBefore);
    expect(mail).toHaveLength(1);
    // The booking's own address, never the one typed into the order.
    expect(mail[0]).toMatchObject({ to: stay.email });
    expect('subject' in mail[0] && mail[0].subject).toContain('Reptéri transzfer megrendelve');
    expect('html' in mail[0] && mail[0].html).toContain('Bankkártya');
    expect('html' in mail[0] && mail[0].html).toContain('22:30');
  });

  it('orders an adventure, confirmed in English to the booking, the free-text message kept with the order only', async () => {
    const stay = await makeStay(backend);
    const call = client();
    const order = { journeyId: stay.journeyId, locale: 'en', name: 'Anna Kovacs', email: 'anna@example.test', phone: '+36301234567', date: stay.checkin, adventureType: 'danube-cruise', guests: 2, message: 'Vegetarian & gluten-free please' };
    expect((await call('adventure', { ...order, adventureType: 'skydiving' })).body).toMatchObject({ field: 'adventureType' });
    expect((await call('adventure', { ...order, message: '<script>alert(1)</script>' })).body).toMatchObject({ field: 'message', messageKey: 'journey:validation.plainText' });
    expect((await call('adventure', { ...order, guests: 0 })).body).toMatchObject({ field: 'guests', messageKey: 'journey:validation.tooLow' });
    expect(await counts(stay)).toEqual(NOTHING);
    const sentBefore = backend.mailer.outbox().length;
    expect((await call('adventure', order)).status).toBe(200);
    expect(await counts(stay)).toEqual({ ...NOTHING, adventures: 1 });
    const [mail] = backend.mailer.outbox().slice(sentBefore);
    expect(mail).toMatchObject({ to: stay.email });
    expect('subject' in mail && mail.subject).toContain('Danube cruise');
    expect('html' in mail && mail.html).not.toContain('Vegetarian');
    const rows = await admin<{ adventure_orders: { message: string }[] }>(backend, `query($b: uuid!) { adventure_orders(where: {booking_id: {_eq: $b}}) { message } }`, { b: stay.bookingId });
    expect(rows.adventure_orders).toEqual([{ message: 'Vegetarian & gluten-free please' }]);
  });

  it("confirms in the booking's language when the page sends none: a Hungarian guest gets the Hungarian e-mail", async () => {
    const stay = await makeStay(backend);
    await admin(backend, `mutation($id: uuid!) { update_bookings_by_pk(pk_columns: {id: $id}, _set: {language: "hu"}) { id } }`, { id: stay.bookingId });
    const call = client();
    const sentBefore = backend.mailer.outbox().length;
    const order = { journeyId: stay.journeyId, name: 'Kovács Anna', email: 'anna@example.test', phone: '+36301234567', date: stay.checkin, adventureType: 'thermal-bath', guests: 2 };
    expect((await call('adventure', order)).status).toBe(200);
    const [mail] = backend.mailer.outbox().slice(sentBefore);
    expect(mail).toMatchObject({ to: stay.email });
    expect('subject' in mail && mail.subject).toMatch(/^Program megrendelve: Termálfürdő, \d{4}\. \p{L}+ \d{1,2}\.$/u);
    expect('html' in mail && mail.html).toContain('Kedves Kovács Anna!');
  });

  it("never mails an address given in the order (phishing from the property's sender), and takes at most 10 orders of a kind per booking", async () => {
    const stay = await makeStay(backend);
    const call = client();
    const victim = 'victim@elsewhere.test';
    const adventure = { journeyId: stay.journeyId, locale: 'en', name: 'Anna Kovacs', email: victim, phone: '+36301234567', date: stay.checkin, adventureType: 'other', guests: 1, message: 'Your card was declined. Pay again at https://evil.test/pay' };
    const transfer = { journeyId: stay.journeyId, locale: 'en', name: 'Anna Kovacs', email: victim, phone: '+36301234567', direction: 'arrival', flightNumber: 'W62201', date: stay.checkin, flightTime: '12:00', payment: 'cash', passengers: 1, fromAddress: 'BUD Terminal 2', toAddress: 'Pay at https://evil.test/pay' };
    const sentBefore = backend.mailer.outbox().length;
    for (let i = 0; i < 10; i++) {
      expect((await call('adventure', adventure)).status).toBe(200);
      expect((await call('transfer', transfer)).status).toBe(200);
    }
    expect(await call('adventure', adventure)).toMatchObject({ status: 409, body: { error: 'too-many-orders', messageKey: 'journey:errors.tooManyOrders' } });
    expect(await call('transfer', transfer)).toMatchObject({ status: 409, body: { error: 'too-many-orders', messageKey: 'journey:errors.tooManyOrders' } });
    expect(await counts(stay)).toEqual({ ...NOTHING, adventures: 10, transfers: 10 });
    const mail = backend.mailer.outbox().slice(sentBefore);
    expect(mail).toHaveLength(20);
    for (const m of mail) expect(m).toMatchObject({ to: stay.email });
    expect(mail.some((m) => 'html' in m && m.html.includes('Your card was declined'))).toBe(false);
  });
});
