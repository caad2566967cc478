// A stay for the journey tests, made with the admin secret on a fresh backend: an accommodation
// with house rules and Wi-Fi readable by everyone (key_reads "all") and a door code that is not,
// a unit for two guests, and a booking arriving `daysAhead` days from today (Budapest).
import crypto from 'node:crypto';
import type { RunningBackend } from '../../../backend/server';
import { addDays } from '../../../src/domain/dates';
import { todayInBudapest } from '../../../functions/_journey/time';

export interface Stay {
  bookingId: string;
  journeyId: string;
  bookedUnitId: string;
  checkin: string;
  checkout: string;
  email: string;
  otaCode: string;
}

export async function admin<T = Record<string, unknown>>(backend: RunningBackend, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(`${backend.url}/v1/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': backend.ctx.config.adminSecret }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data as T;
}

/** The fact sheet keys (global, by slug), made on first use. */
async function factSheetKeys(backend: RunningBackend): Promise<{ id: string; slug: string }[]> {
  const found = await admin<{ keys: { id: string; slug: string }[] }>(backend, `query { keys(where: {slug: {_in: ["house-rules", "wifi", "door-code"]}}) { id slug } }`);
  if (found.keys.length === 3) return found.keys;
  const made = await admin<{ insert_keys: { returning: { id: string; slug: string }[] } }>(backend, `mutation($o: [keys_insert_input!]!) { insert_keys(objects: $o) { returning { id slug } } }`, {
    o: [
      { slug: 'house-rules', name: 'House rules', type: 'note', key_reads: { data: [{ role_cd: 'all' }] } },
      { slug: 'wifi', name: 'Wi-Fi', type: 'wifi', key_reads: { data: [{ role_cd: 'all' }] } },
      { slug: 'door-code', name: 'Door code', type: 'code', key_reads: { data: [{ role_cd: 'manager' }] } },
    ],
  });
  return made.insert_keys.returning;
}

/** `ids`: the booking's journey id and its booked unit's id, when a test needs ones it chose (e.g. not version 1-5 uuids, as the demo data's). */
export async function makeStay(backend: RunningBackend, opts: { daysAhead?: number; adults?: number; nights?: number; ids?: { journey: string; bookedUnit: string } } = {}): Promise<Stay> {
  const tag = crypto.randomUUID().slice(0, 8);
  const checkin = addDays(todayInBudapest(), opts.daysAhead ?? 2);
  const checkout = addDays(checkin, opts.nights ?? 3);
  const email = `Guest.${tag}@Example.test`;
  const otaCode = `HM${tag.toUpperCase()}`;
  const data = await admin<{ insert_accommodations_one: { id: string; units: { id: string }[] } }>(
    backend,
    `mutation($o: accommodations_insert_input!) { insert_accommodations_one(object: $o) { id units { id } } }`,
    { o: { name: `Journey Flat ${tag}`, zip: '1052', city: 'Budapest', address: 'Váci utca 34.', units: { data: [{ name: 'Apartment 1', occ_adults: 2, occ_children: 1 }] } } },
  );
  const unitId = data.insert_accommodations_one.units[0].id;
  const keys = await factSheetKeys(backend);
  const values: Record<string, string> = { 'house-rules': 'Quiet after 22:00', wifi: 'Staydesk / secret-wifi', 'door-code': '4711' };
  await admin(backend, `mutation($o: [unit_keys_insert_input!]!) { insert_unit_keys(objects: $o) { affected_rows } }`, { o: keys.map((k) => ({ key_id: k.id, unit_id: unitId, value: values[k.slug] })) });
  const booking = await admin<{ insert_bookings_one: { id: string; journey_id: string; booked_units: { id: string }[] } }>(
    backend,
    `mutation($o: bookings_insert_input!) { insert_bookings_one(object: $o) { id journey_id booked_units { id } } }`,
    {
      o: {
        accommodation_id: data.insert_accommodations_one.id,
        customer_name: 'Anna Kovacs',
        customer_email: email,
        ota_code: otaCode,
        channel: 'airbnb',
        checkin,
        checkout,
        adults: opts.adults ?? 2,
        ...(opts.ids ? { journey_id: opts.ids.journey } : {}),
        booked_units: { data: [{ unit_id: unitId, adults: opts.adults ?? 2, ...(opts.ids ? { id: opts.ids.bookedUnit } : {}) }] },
      },
    },
  );
  const b = booking.insert_bookings_one;
  return { bookingId: b.id, journeyId: b.journey_id, bookedUnitId: b.booked_units[0].id, checkin, checkout, email, otaCode };
}

/** A valid check-in body for the stay; override any guest field. */
export function guest(stay: Stay, overrides: Record<string, unknown> = {}) {
  return {
    journeyId: stay.journeyId,
    bookedUnitId: stay.bookedUnitId,
    guest: {
      firstName: 'Anna',
      lastName: 'Kovács',
      motherFirstName: 'Mária',
      motherLastName: 'Tóth',
      dob: '1985-04-12',
      pob: 'Debrecen',
      gender: 'female',
      nationality: 'HU',
      country: 'HU',
      zip: '4024',
      city: 'Debrecen',
      address: 'Piac utca 1.',
      documentType: 'passport',
      documentId: 'BA1234567',
      arrivalTime: '15:00',
      departureTime: '10:00',
      ...overrides,
    },
  };
}
