// The booking editor's values, their validation (Yup, form messages) and the rules around them:
// nights, guest totals and each booked unit's capacity (the database's booked_units_capacity_check
// says the same, 'The unit reached its maximum capacity'; checking here first names the field).
import * as yup from 'yup';
import { formMessage } from '@/lib/i18n/formMessage';
import { isNtakCountryCode } from '../ntak/enums';
import { BOOKING_CHANNELS, BOOKING_STATUSES, CURRENCIES, isIsoDate, type BookingChannel, type BookingStatus, type Currency } from './values';

export interface BookedUnitValues {
  /** Empty for a unit added in the form (not saved yet). */
  id: string;
  unitId: string;
  rateId: string;
  adults: number;
  children: number;
  infants: number;
  price: number;
}

export interface BookingFormValues {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerCountry: string;
  language: 'en' | 'hu';
  channel: BookingChannel;
  otaCode: string;
  status: BookingStatus;
  checkin: string;
  checkout: string;
  currency: Currency;
  accommodationFee: number;
  cleaningFee: number;
  notes: string;
  units: BookedUnitValues[];
  /** Imported from a channel's iCal feed without a guest count (bookings.guests_unknown). */
  guestsUnknown: boolean;
}

export interface UnitCapacity {
  occAdults: number;
  occChildren: number;
  occInfants: number;
}

const DAY_MS = 86_400_000;

/** Nights between two YYYY-MM-DD dates (0 when either is missing or they are out of order). */
export function nightsBetween(checkin: string, checkout: string): number {
  if (!isIsoDate(checkin) || !isIsoDate(checkout)) return 0;
  return Math.max(0, Math.round((Date.parse(`${checkout}T00:00:00Z`) - Date.parse(`${checkin}T00:00:00Z`)) / DAY_MS));
}

/** The booking's guest counts: the sum over its booked units. */
export function guestTotals(units: readonly Pick<BookedUnitValues, 'adults' | 'children' | 'infants'>[]): { adults: number; children: number; infants: number } {
  return units.reduce((sum, u) => ({ adults: sum.adults + (u.adults || 0), children: sum.children + (u.children || 0), infants: sum.infants + (u.infants || 0) }), { adults: 0, children: 0, infants: 0 });
}

/** Which guest count of a booked unit is over the unit's capacity (null when it fits). */
export function capacityProblem(unit: Pick<BookedUnitValues, 'adults' | 'children' | 'infants'>, capacity: UnitCapacity): 'adults' | 'children' | 'infants' | null {
  if (unit.adults > capacity.occAdults) return 'adults';
  if (unit.children > capacity.occChildren) return 'children';
  if (unit.infants > capacity.occInfants) return 'infants';
  return null;
}

const required = () => formMessage('booking:validation.required');
const count = () => yup.number().typeError(formMessage('booking:validation.number')).integer(formMessage('booking:validation.wholeNumber')).min(0, formMessage('booking:validation.notNegative')).max(50, formMessage('booking:validation.tooMany')).required(required());
const money = () => yup.number().typeError(formMessage('booking:validation.number')).min(0, formMessage('booking:validation.notNegative')).max(10_000_000, formMessage('booking:validation.tooMuch')).required(required());
const date = () =>
  yup
    .string()
    .required(required())
    .test('date', formMessage('booking:validation.date'), (value) => !value || isIsoDate(value));

/** The editor's schema. `capacities` (unit id → capacity) adds the capacity message per unit row. */
export function bookingSchema(capacities: ReadonlyMap<string, UnitCapacity> = new Map()) {
  const unit = yup.object({
    id: yup.string().default(''),
    unitId: yup.string().required(formMessage('booking:validation.unitRequired')),
    rateId: yup.string().default(''),
    adults: count().min(0),
    children: count(),
    infants: count(),
    price: money(),
  })
    .test('guests', formMessage('booking:validation.guestsRequired'), function (value) {
      return value.adults + value.children >= 1 || this.createError({ path: `${this.path}.adults`, message: formMessage('booking:validation.guestsRequired') });
    })
    .test('capacity', formMessage('booking:errors.capacity'), function (value) {
      const capacity = capacities.get(value.unitId);
      const field = capacity ? capacityProblem(value, capacity) : null;
      return !field || this.createError({ path: `${this.path}.${field}`, message: formMessage('booking:errors.capacity') });
    });
  return yup.object({
    customerName: yup.string().trim().required(required()).min(2, formMessage('booking:validation.nameMin')).max(200, formMessage('booking:validation.tooLong')),
    customerEmail: yup.string().trim().max(320, formMessage('booking:validation.tooLong')).email(formMessage('booking:validation.email')).default(''),
    customerPhone: yup.string().trim().max(40, formMessage('booking:validation.tooLong')).matches(/^$|^\+?[0-9 ()./-]{6,30}$/, formMessage('booking:validation.phone')).default(''),
    // A code NTAK knows (the reservation report carries it); the database checks the same list.
    customerCountry: yup.string().trim().uppercase().max(2, formMessage('booking:validation.country')).test('ntak-country', formMessage('booking:validation.country'), (v) => !v || isNtakCountryCode(v)).default(''),
    language: yup.mixed<'en' | 'hu'>().oneOf(['en', 'hu']).required(required()),
    channel: yup.mixed<BookingChannel>().oneOf(BOOKING_CHANNELS).required(required()),
    otaCode: yup.string().trim().max(200, formMessage('booking:validation.tooLong')).default(''),
    status: yup.mixed<BookingStatus>().oneOf(BOOKING_STATUSES).required(required()),
    checkin: date(),
    checkout: date().test('after', formMessage('booking:validation.checkoutAfterCheckin'), function (value) {
      const checkin: unknown = this.parent.checkin;
      return !value || typeof checkin !== 'string' || !isIsoDate(checkin) || value > checkin;
    }),
    currency: yup.mixed<Currency>().oneOf(CURRENCIES).required(required()),
    accommodationFee: money(),
    cleaningFee: money(),
    notes: yup.string().max(10_000, formMessage('booking:validation.tooLong')).default(''),
    guestsUnknown: yup.boolean().default(false),
    units: yup
      .array(unit)
      .min(1, formMessage('booking:validation.unitRequired'))
      .required(required())
      .test('distinct', formMessage('booking:validation.unitTwice'), (units) => new Set(units.map((u) => u.unitId)).size === units.length),
  });
}

export function emptyBookingValues(prefill: { unitId?: string; arrival?: string; departure?: string } = {}): BookingFormValues {
  return {
    customerName: '',
    customerEmail: '',
    customerPhone: '',
    customerCountry: '',
    language: 'en',
    channel: 'direct',
    otaCode: '',
    status: 'new',
    checkin: prefill.arrival ?? '',
    checkout: prefill.departure ?? '',
    currency: 'EUR',
    accommodationFee: 0,
    cleaningFee: 0,
    notes: '',
    units: [{ id: '', unitId: prefill.unitId ?? '', rateId: '', adults: 1, children: 0, infants: 0, price: 0 }],
    guestsUnknown: false,
  };
}

/**
 * Whether a booking imported without a guest count still has none after this save: staff either
 * changed a booked unit's guests or confirmed the count as it is (the notice's button clears
 * `guestsUnknown` in the form). Saving only a note or the customer's name keeps it unknown.
 */
export function guestsStillUnknown(initial: BookingFormValues, values: BookingFormValues): boolean {
  if (!initial.guestsUnknown || !values.guestsUnknown) return false;
  const counts = (units: readonly BookedUnitValues[]) => JSON.stringify(units.map((u) => [u.id, u.adults, u.children, u.infants]));
  return counts(initial.units) === counts(values.units);
}
