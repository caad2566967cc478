// Between the database's rows and the editor's values: numeric columns arrive as strings, empty
// texts are stored as NULL, and a booking's guest counts are the sum over its booked units.
import { guestsStillUnknown, guestTotals, type BookingFormValues, type UnitCapacity } from '@/domain/bookings/bookingForm';
import type { BookingStatus } from '@/domain/bookings/values';
import type { booked_units_insert_input, booked_units_updates, bookings_insert_input, bookings_set_input } from '@/lib/graphql/schema.generated';
import type { BookingDetailsFragment, BookingUnitOptionFragment } from './graphql/fragments.generated';

export function bookingValuesOf(row: BookingDetailsFragment): BookingFormValues {
  return {
    customerName: row.customer_name,
    customerEmail: row.customer_email ?? '',
    customerPhone: row.customer_phone ?? '',
    customerCountry: row.customer_country ?? '',
    language: row.language === 'hu' ? 'hu' : 'en',
    channel: row.channel,
    otaCode: row.ota_code ?? '',
    status: row.status,
    checkin: row.checkin,
    checkout: row.checkout,
    currency: row.currency,
    accommodationFee: Number(row.accommodation_fee),
    cleaningFee: Number(row.cleaning_fee),
    notes: row.notes ?? '',
    units: row.booked_units.map((u) => ({ id: u.id, unitId: u.unit_id, rateId: u.rate_id ?? '', adults: u.adults, children: u.children, infants: u.infants, price: Number(u.price) })),
    guestsUnknown: row.guests_unknown,
  };
}

const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);

export function capacitiesOf(units: readonly BookingUnitOptionFragment[]): Map<string, UnitCapacity> {
  return new Map(units.map((u) => [u.id, { occAdults: u.occ_adults, occChildren: u.occ_children, occInfants: u.occ_infants }]));
}

/** The customer part: what communicators may change too. */
export function guestDetailsSet(values: BookingFormValues): bookings_set_input {
  return {
    customer_name: values.customerName.trim(),
    customer_email: orNull(values.customerEmail),
    customer_phone: orNull(values.customerPhone),
    customer_country: orNull(values.customerCountry.toUpperCase()),
    language: values.language,
    notes: orNull(values.notes),
  };
}

/** The booking's guest totals: the sum over its booked units (the table wants at least one adult). */
export function guestTotalsSet(values: BookingFormValues): bookings_set_input {
  const totals = guestTotals(values.units);
  return { adults: Math.max(1, totals.adults), children: totals.children, infants: totals.infants };
}

/**
 * A communicator's save of the guest counts: each saved booked unit's adults, children and infants
 * (never its unit, rate, dates or price; the metadata allows them no other column).
 */
export function bookedUnitGuestUpdates(values: BookingFormValues): booked_units_updates[] {
  return values.units.flatMap((u) => (u.id ? [{ where: { id: { _eq: u.id } }, _set: { adults: u.adults, children: u.children, infants: u.infants } }] : []));
}

/** Every column the editor writes on the booking itself. The accommodation is the booked units'. */
export function bookingSet(values: BookingFormValues, accommodationId: string, status: BookingStatus = values.status): bookings_set_input {
  return {
    ...guestDetailsSet(values),
    accommodation_id: accommodationId,
    channel: values.channel,
    ota_code: orNull(values.otaCode),
    status,
    checkin: values.checkin,
    checkout: values.checkout,
    currency: values.currency,
    accommodation_fee: values.accommodationFee,
    cleaning_fee: values.cleaningFee,
    ...guestTotalsSet(values),
  };
}

/**
 * Clears bookings.guests_unknown once staff entered or confirmed the guests (which releases the
 * held NTAK reservation); nothing otherwise. Staff may only clear it (the database refuses setting it).
 */
export function guestsUnknownSet(initial: BookingFormValues, values: BookingFormValues): bookings_set_input {
  return initial.guestsUnknown && !guestsStillUnknown(initial, values) ? { guests_unknown: false } : {};
}

/** Booked units in the booking's dates; saved ones keep their id (the upsert updates them). */
export function bookedUnitsInput(values: BookingFormValues, bookingId?: string): booked_units_insert_input[] {
  return values.units.map((u) => ({
    ...(u.id ? { id: u.id } : {}),
    ...(bookingId ? { booking_id: bookingId } : {}),
    unit_id: u.unitId,
    rate_id: u.rateId || null,
    checkin: values.checkin,
    checkout: values.checkout,
    adults: u.adults,
    children: u.children,
    infants: u.infants,
    price: u.price,
  }));
}

export function bookingInsert(values: BookingFormValues, accommodationId: string): bookings_insert_input {
  return { ...(bookingSet(values, accommodationId) as bookings_insert_input), booked_units: { data: bookedUnitsInput(values) } };
}

/** The accommodation all booked units belong to, or null when they span several (not allowed). */
export function accommodationOfUnits(values: BookingFormValues, units: readonly BookingUnitOptionFragment[]): string | null {
  const ids = new Set(values.units.map((u) => units.find((option) => option.id === u.unitId)?.accommodation_id ?? ''));
  return ids.size === 1 ? ([...ids][0] || null) : null;
}
