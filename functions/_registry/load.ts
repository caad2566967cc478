// Reads what a message is built from (admin secret) and maps rows to the domain's plain inputs.
import type { BookingInput, ExchangeRates, GuestInput, TaxRule, UnitInput } from '../../src/domain/ntak';
import type { VizaGuestInput } from '../../src/domain/viza';
import { admin, gql } from './graphql';

const UNIT = 'id name category single_beds double_beds temp_beds occ_adults occ_children occ_infants';
const GUEST = `id ntak_guest_id gender dob nationality country zip tourist_tax_status first_name last_name birth_first_name birth_last_name
  mother_first_name mother_last_name pob document_id document_type visa_number visa_date_of_entry visa_place_of_entry checkin_time checkout_time checked_out_at scanned booking_unit_id`;
const BOOKING = `id accommodation_id channel status customer_country checkin checkout adults children infants currency accommodation_fee cleaning_fee created_at
  booked_units { id checkin checkout adults children infants is_cancelled unit { ${UNIT} } guest_checkins { ${GUEST} } }`;
export const ACCOMMODATION = `id name ntak_id ntak_name tax_id owner_name vat_rate skip_ntak ntak_cert ntak_auth_cert ntak_signing_cert ntak_private_key
  ntak_cert_valid_from ntak_cert_valid_to viza_status`;

export interface AccommodationRow {
  id: string;
  name: string;
  ntak_id: string | null;
  ntak_name: string | null;
  tax_id: string | null;
  owner_name: string | null;
  vat_rate: number | string;
  skip_ntak: boolean;
  ntak_cert: string | null;
  ntak_auth_cert: string | null;
  ntak_signing_cert: string | null;
  ntak_private_key: string | null;
  ntak_cert_valid_from: string | null;
  ntak_cert_valid_to: string | null;
  viza_status: string | null;
}

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);

export function unitInput(u: Row): UnitInput {
  return { id: String(u.id), name: String(u.name), category: String(u.category), singleBeds: n(u.single_beds), doubleBeds: n(u.double_beds), tempBeds: n(u.temp_beds), occAdults: n(u.occ_adults), occChildren: n(u.occ_children), occInfants: n(u.occ_infants) };
}

export function guestInput(g: Row): GuestInput {
  return { id: String(g.id), ntakGuestId: String(g.ntak_guest_id), gender: (g.gender as GuestInput['gender']) ?? null, dob: String(g.dob), nationality: String(g.nationality), country: String(g.country), zip: (g.zip as string) ?? null, touristTaxStatus: String(g.tourist_tax_status) };
}

export function vizaGuestInput(g: Row): VizaGuestInput {
  const s = (k: string) => (g[k] as string | null) ?? null;
  return {
    id: String(g.id), firstName: String(g.first_name), lastName: String(g.last_name), birthFirstName: s('birth_first_name'), birthLastName: s('birth_last_name'),
    motherFirstName: s('mother_first_name'), motherLastName: s('mother_last_name'), dob: String(g.dob), pob: s('pob'), gender: (g.gender as VizaGuestInput['gender']) ?? null,
    nationality: String(g.nationality), documentId: String(g.document_id), documentType: String(g.document_type), visaNumber: s('visa_number'),
    visaDateOfEntry: s('visa_date_of_entry'), visaPlaceOfEntry: s('visa_place_of_entry'), checkinTime: String(g.checkin_time), checkoutTime: String(g.checkout_time),
    scanned: (g.scanned as Record<string, unknown> | null) ?? null,
  };
}

export function bookingInput(b: Row): BookingInput {
  const units = (b.booked_units as Row[]) ?? [];
  return {
    id: String(b.id), channel: String(b.channel), status: b.status as BookingInput['status'], customerCountry: (b.customer_country as string) ?? null,
    checkin: String(b.checkin), checkout: String(b.checkout), adults: n(b.adults), children: n(b.children), infants: n(b.infants),
    currency: b.currency as 'EUR' | 'HUF', accommodationFee: n(b.accommodation_fee), cleaningFee: n(b.cleaning_fee), createdAt: String(b.created_at),
    bookedUnits: units.map((u) => ({
      id: String(u.id), unit: unitInput(u.unit as Row), checkin: String(u.checkin), checkout: String(u.checkout), adults: n(u.adults), children: n(u.children), infants: n(u.infants),
      cancelled: Boolean(u.is_cancelled), guests: ((u.guest_checkins as Row[]) ?? []).map(guestInput),
    })),
  };
}

export async function loadAccommodation(id: string): Promise<AccommodationRow | null> {
  const d = await gql<{ accommodations_by_pk: AccommodationRow | null }>(admin, `query ($id: uuid!) { accommodations_by_pk(id: $id) { ${ACCOMMODATION} } }`, { id });
  return d.accommodations_by_pk;
}

export async function loadBooking(id: string): Promise<Row | null> {
  const d = await gql<{ bookings_by_pk: Row | null }>(admin, `query ($id: uuid!) { bookings_by_pk(id: $id) { ${BOOKING} } }`, { id });
  return d.bookings_by_pk;
}

export async function loadGuests(ids: string[]): Promise<Row[]> {
  const d = await gql<{ guest_checkins: Row[] }>(admin, `query ($ids: [uuid!]!) { guest_checkins(where: {id: {_in: $ids}}) { ${GUEST} booking_unit { id booking_id unit { ${UNIT} } } } }`, { ids });
  return d.guest_checkins;
}

export async function loadRates(): Promise<ExchangeRates> {
  const d = await gql<{ exchange_rates: { date: string; currency: string; rate_huf: number | string }[] }>(admin, `{ exchange_rates(where: {currency: {_eq: EUR}}, order_by: {date: desc}, limit: 1000) { date currency rate_huf } }`);
  return d.exchange_rates.map((r) => ({ date: r.date, currency: 'EUR' as const, rateHuf: Number(r.rate_huf) }));
}

export async function loadDay(accommodationId: string, day: string): Promise<{ units: UnitInput[]; bookings: BookingInput[]; taxRules: TaxRule[] }> {
  const d = await gql<{ units: Row[]; bookings: Row[]; tourist_tax_ranges: Row[] }>(
    admin,
    `query ($acc: uuid!, $day: date!) {
      units(where: {accommodation_id: {_eq: $acc}}, order_by: {position: asc}) { ${UNIT} }
      bookings(where: {accommodation_id: {_eq: $acc}, status: {_neq: cancelled}, checkin: {_lte: $day}, checkout: {_gte: $day}}) { ${BOOKING} }
      tourist_tax_ranges(where: {accommodation_id: {_eq: $acc}}) { type value currency valid_from valid_to }
    }`,
    { acc: accommodationId, day },
  );
  return {
    units: d.units.map(unitInput),
    bookings: d.bookings.map(bookingInput),
    taxRules: d.tourist_tax_ranges.map((r) => ({ type: r.type as 'FIX' | 'PERCENT', value: Number(r.value), currency: r.currency as 'EUR' | 'HUF', validFrom: (r.valid_from as string) ?? null, validTo: (r.valid_to as string) ?? null })),
  };
}
