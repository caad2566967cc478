// NTAK accommodation messages, built from Staydesk rows by pure functions. Field names are the
// ones the reference documents field by field (ntak-viza-fields.md §2, §4, from the NTAK.guru
// docs, each mapped there to its government name); the official PMS spec is a [GAP], so wire.ts is
// the one place that would rename them. Amounts are whole HUF; EUR is converted at the stored rate
// of the day the amount belongs to (money.ts).
import type { Sources } from './issues';
import { ntakCountry, type LoadCategory, type MarketSegment, type NtakGender, type PaymentOption, type SalesChannel, type SzepSubtype, type TouristTaxStatus, type UnitType } from './enums';
import { toHuf, type ExchangeRates, type Money } from './money';

export type NtakMessageType = 'reservation' | 'check_in' | 'check_out' | 'room_change' | 'scheduler' | 'daily_close';

export interface NtakGuest {
  guestNumber: string;
  gender: NtakGender;
  yearOfBirth: number;
  nationalityCountryCode: string;
  residenceCountryCode: string;
  residencePostCode: string;
  touristTaxStatus: TouristTaxStatus;
}

export interface NtakResidentialUnit {
  type: UnitType;
  building: string;
  number: string;
  trundleBedCount: number;
  singleBedCount: number;
  doubleBedCount: number;
}

export interface NtakReservation {
  reservationNumber: string;
  occurredAt: string;
  reservedAt: string;
  cancelled: boolean;
  arrival: string;
  departure: string;
  guestCount: number;
  marketSegment: MarketSegment;
  salesChannel: SalesChannel;
  grossAmount: number;
  nationality: string;
  bookedResidentialUnits: { type: UnitType; capacity: number }[];
}

export interface NtakCheckIn {
  reservationNumber: string;
  occurredAt: string;
  guests: NtakGuest[];
  occupiedResidentialUnit: NtakResidentialUnit;
}
export interface NtakCheckOut {
  reservationNumber: string;
  occurredAt: string;
  guests: NtakGuest[];
  abandonedResidentialUnit: NtakResidentialUnit;
}
export interface NtakRoomChange {
  reservationNumber: string;
  occurredAt: string;
  guests: NtakGuest[];
  abandonedResidentialUnit: NtakResidentialUnit;
  occupiedResidentialUnit: NtakResidentialUnit;
}

export interface NtakLoad {
  date: string;
  amount: number;
  category: LoadCategory;
  isTouristTax: boolean;
  taxPercentage: number;
}
export interface NtakExpense {
  date: string;
  amount: number;
  paymentOption: PaymentOption;
  paymentOptionSubtype?: SzepSubtype;
}

export interface NtakUnitCounts {
  all: number;
  ooo: number;
  oos: number;
  occupied: number;
  available: number;
}

export interface NtakUnitNight {
  guests: NtakGuest[];
  dayUse: boolean;
  residentialUnit: NtakResidentialUnit;
  salesChannel: SalesChannel;
  marketSegment: MarketSegment;
  reservationNumber: string;
  expenses?: NtakExpense[];
  loads?: NtakLoad[];
}
export interface NtakCheckOutDaySale {
  residentialUnit: NtakResidentialUnit;
  salesChannel: SalesChannel;
  marketSegment: MarketSegment;
  reservationNumber: string;
  expenses?: NtakExpense[];
  loads?: NtakLoad[];
}

export interface NtakDailyClose {
  closedDay: string;
  accommodationNotOperating?: true;
  residentialUnits: NtakUnitCounts;
  residentialUnitNights?: NtakUnitNight[];
  checkOutDaySales?: NtakCheckOutDaySale[];
  afterStayExpenses?: NtakExpense[];
  afterStayLoads?: NtakLoad[];
  otherExpenses?: NtakExpense[];
  otherLoads?: NtakLoad[];
  outOfOrderResidentialUnits?: NtakResidentialUnit[];
}

/** A message body plus the rows its parts came from (for field errors that link to a fix). */
export interface Built<T> {
  body: T;
  sources: Sources;
}

// ---------------------------------------------------------------------------------------------
// Inputs: what the loader reads from the database, in plain values.

export interface GuestInput {
  id: string;
  ntakGuestId: string;
  gender: 'male' | 'female' | 'other' | null;
  dob: string;
  nationality: string;
  country: string;
  zip: string | null;
  touristTaxStatus: string;
}

export interface UnitInput {
  id: string;
  name: string;
  category: string;
  singleBeds: number;
  doubleBeds: number;
  tempBeds: number;
  occAdults: number;
  occChildren: number;
  occInfants: number;
}

export interface BookedUnitInput {
  id: string;
  unit: UnitInput;
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  infants: number;
  cancelled: boolean;
  guests: GuestInput[];
}

export interface BookingInput {
  id: string;
  channel: string;
  status: 'new' | 'modified' | 'cancelled';
  customerCountry: string | null;
  checkin: string;
  checkout: string;
  adults: number;
  children: number;
  infants: number;
  currency: 'EUR' | 'HUF';
  accommodationFee: number;
  cleaningFee: number;
  createdAt: string;
  bookedUnits: BookedUnitInput[];
}

export interface BuildOptions {
  /** How timestamps are written (see time.ts); default the reference's `Y-m-d H:i:s` UTC. */
  timestampFormat?: 'wrapper' | 'iso';
  marketSegment?: MarketSegment;
  /** The building every unit is in when the accommodation has no buildings ([V] "a"). */
  building?: string;
}

// ---------------------------------------------------------------------------------------------
// Mappings.

const GENDER: Record<string, NtakGender> = { male: 'FERFI', female: 'NO', other: 'EGYEB_VAGY_NEM_ISMERT' };

/** Staydesk's unit categories to NTAK unit types (STUDIO has no NTAK twin: EGYEDI; LAKOSZTALY is a suite). */
const UNIT_TYPE: Record<string, UnitType> = { STANDARD: 'STANDARD', APARTMAN: 'APARTMAN', SUPERIOR: 'SUPERIOR', STUDIO: 'EGYEDI', LAKOSZTALY: 'SUITE', EGYEB: 'EGYEB' };

/** Booking channels to NTAK sales channels: OTAs sell online as intermediaries; direct is direct online. */
const SALES_CHANNEL: Record<string, SalesChannel> = { airbnb: 'KOZVETITO_ONLINE', booking: 'KOZVETITO_ONLINE', direct: 'DIREKT_ONLINE', other: 'DIREKT_HAGYOMANYOS' };

export function salesChannelOf(channel: string): SalesChannel {
  return SALES_CHANNEL[channel] ?? 'DIREKT_HAGYOMANYOS';
}

export function unitTypeOf(category: string): UnitType {
  return UNIT_TYPE[category] ?? 'EGYEB';
}

/** Formats an instant for NTAK: `2024-05-01 12:00:00` (UTC) or ISO-8601 `2024-05-01T12:00:00Z`. */
export function ntakTimestamp(instant: string | Date, format: BuildOptions['timestampFormat'] = 'wrapper'): string {
  const d = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a timestamp: ${String(instant)}`);
  const iso = d.toISOString().slice(0, 19);
  return format === 'iso' ? `${iso}Z` : iso.replace('T', ' ');
}

export function buildGuest(g: GuestInput): NtakGuest {
  return {
    guestNumber: g.ntakGuestId,
    gender: GENDER[g.gender ?? 'other'] ?? 'EGYEB_VAGY_NEM_ISMERT',
    yearOfBirth: Number(g.dob.slice(0, 4)),
    nationalityCountryCode: ntakCountry(g.nationality),
    residenceCountryCode: ntakCountry(g.country),
    residencePostCode: (g.zip ?? '').trim(),
    touristTaxStatus: g.touristTaxStatus as TouristTaxStatus,
  };
}

export function buildUnit(u: UnitInput, options: BuildOptions = {}): NtakResidentialUnit {
  return {
    type: unitTypeOf(u.category),
    building: options.building ?? 'a',
    number: u.name,
    trundleBedCount: u.tempBeds,
    singleBedCount: u.singleBeds,
    doubleBedCount: u.doubleBeds,
  };
}

function guestsOf(prefix: string, guests: GuestInput[], sources: Sources): NtakGuest[] {
  guests.forEach((g, i) => (sources[`${prefix}[${i}]`] = { table: 'guest_checkins', id: g.id }));
  return guests.map(buildGuest);
}

/** Gross amount of a booking in HUF: accommodation plus cleaning fee, at the rate of the day it was made. */
export function bookingGrossHuf(b: BookingInput, rates: ExchangeRates): number {
  const day = b.createdAt.slice(0, 10);
  return toHuf({ amount: b.accommodationFee + b.cleaningFee, currency: b.currency }, day, rates);
}

/** Reservation (new, modified; a cancellation is the same message with `cancelled: true`). */
export function buildReservation(b: BookingInput, occurredAt: string, rates: ExchangeRates, options: BuildOptions = {}): Built<NtakReservation> {
  const sources: Sources = { '': { table: 'bookings', id: b.id } };
  const units = b.bookedUnits.filter((u) => b.status === 'cancelled' || !u.cancelled);
  units.forEach((u, i) => (sources[`bookedResidentialUnits[${i}]`] = { table: 'units', id: u.unit.id }));
  return {
    sources,
    body: {
      reservationNumber: b.id,
      occurredAt: ntakTimestamp(occurredAt, options.timestampFormat),
      reservedAt: ntakTimestamp(b.createdAt, options.timestampFormat),
      cancelled: b.status === 'cancelled',
      arrival: b.checkin,
      departure: b.checkout,
      guestCount: b.adults + b.children + b.infants,
      marketSegment: options.marketSegment ?? 'SZABADIDOS_EGYENI',
      salesChannel: salesChannelOf(b.channel),
      grossAmount: bookingGrossHuf(b, rates),
      nationality: ntakCountry(b.customerCountry),
      bookedResidentialUnits: units.map((u) => ({ type: unitTypeOf(u.unit.category), capacity: u.unit.occAdults + u.unit.occChildren + u.unit.occInfants })),
    },
  };
}

export function buildCheckIn(bookingId: string, bu: BookedUnitInput, guests: GuestInput[], occurredAt: string, options: BuildOptions = {}): Built<NtakCheckIn> {
  const sources: Sources = { '': { table: 'bookings', id: bookingId }, occupiedResidentialUnit: { table: 'units', id: bu.unit.id }, guests: { table: 'booked_units', id: bu.id } };
  return {
    sources,
    body: { reservationNumber: bookingId, occurredAt: ntakTimestamp(occurredAt, options.timestampFormat), guests: guestsOf('guests', guests, sources), occupiedResidentialUnit: buildUnit(bu.unit, options) },
  };
}

export function buildCheckOut(bookingId: string, bu: BookedUnitInput, guests: GuestInput[], occurredAt: string, options: BuildOptions = {}): Built<NtakCheckOut> {
  const sources: Sources = { '': { table: 'bookings', id: bookingId }, abandonedResidentialUnit: { table: 'units', id: bu.unit.id }, guests: { table: 'booked_units', id: bu.id } };
  return {
    sources,
    body: { reservationNumber: bookingId, occurredAt: ntakTimestamp(occurredAt, options.timestampFormat), guests: guestsOf('guests', guests, sources), abandonedResidentialUnit: buildUnit(bu.unit, options) },
  };
}

export function buildRoomChange(bookingId: string, from: UnitInput, to: BookedUnitInput, guests: GuestInput[], occurredAt: string, options: BuildOptions = {}): Built<NtakRoomChange> {
  const sources: Sources = {
    '': { table: 'bookings', id: bookingId },
    abandonedResidentialUnit: { table: 'units', id: from.id },
    occupiedResidentialUnit: { table: 'units', id: to.unit.id },
    guests: { table: 'booked_units', id: to.id },
  };
  return {
    sources,
    body: {
      reservationNumber: bookingId,
      occurredAt: ntakTimestamp(occurredAt, options.timestampFormat),
      guests: guestsOf('guests', guests, sources),
      abandonedResidentialUnit: buildUnit(from, options),
      occupiedResidentialUnit: buildUnit(to.unit, options),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Daily close.

/** The tourist tax in force on a day: a percent of the night's fee, or a fixed amount per liable guest. */
export interface TaxRule {
  type: 'FIX' | 'PERCENT';
  value: number;
  currency: 'EUR' | 'HUF';
  validFrom: string | null;
  validTo: string | null;
}

export interface DailyCloseInput {
  day: string;
  /** The accommodation's VAT percentage on the accommodation fee (SZALLASDIJ loads). */
  vatRate: number;
  units: UnitInput[];
  /** Units out of order on the day (long-term, not reservable). */
  outOfOrderUnitIds?: string[];
  bookings: BookingInput[];
  taxRules: TaxRule[];
  /** True when the accommodation did not operate that day (then only unit counts are sent). */
  notOperating?: boolean;
}

/** Whole HUF, half away from zero, so parts of one amount can be re-added without drift. */
function splitEvenly(total: number, parts: number): number[] {
  const base = Math.trunc(total / parts);
  const rest = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < rest ? 1 : 0));
}

function taxRuleOn(rules: TaxRule[], day: string): TaxRule | undefined {
  return rules.find((r) => (r.validFrom === null || r.validFrom <= day) && (r.validTo === null || r.validTo >= day));
}

/**
 * One day's close. For every occupied night: the guests, a SZALLASDIJ load (the booking's
 * accommodation fee spread evenly over its nights and units, in HUF at the day's rate, with the
 * accommodation's VAT) and, when a tax is in force, an IFA load (0% VAT) for the liable guests.
 * The cleaning fee is a check-out-day sale (category EGYEB). Expenses (payments) are not sent:
 * Staydesk records no payment method per booking ([I], see docs/ntak-viza.md).
 */
export function buildDailyClose(input: DailyCloseInput, rates: ExchangeRates, options: BuildOptions = {}): Built<NtakDailyClose> {
  const { day } = input;
  const sources: Sources = { residentialUnits: { table: 'accommodations', id: '' } };
  const ooo = new Set(input.outOfOrderUnitIds ?? []);
  const units = input.units;
  const active = input.bookings.filter((b) => b.status !== 'cancelled');
  const nights: NtakUnitNight[] = [];
  const sales: NtakCheckOutDaySale[] = [];
  const occupiedUnits = new Set<string>();

  for (const b of active) {
    const stays = b.bookedUnits.filter((u) => !u.cancelled);
    const bookingNights = Math.max(1, Math.round((Date.parse(`${b.checkout}T00:00:00Z`) - Date.parse(`${b.checkin}T00:00:00Z`)) / 86_400_000));
    const feeHuf = toHuf({ amount: b.accommodationFee, currency: b.currency }, day, rates);
    const perNight = splitEvenly(feeHuf, bookingNights * Math.max(1, stays.length));
    const nightIndex = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${b.checkin}T00:00:00Z`)) / 86_400_000);
    stays.forEach((bu, unitIndex) => {
      if (bu.checkin <= day && day < bu.checkout) {
        occupiedUnits.add(bu.unit.id);
        const i = nights.length;
        sources[`residentialUnitNights[${i}]`] = { table: 'bookings', id: b.id };
        sources[`residentialUnitNights[${i}].residentialUnit`] = { table: 'units', id: bu.unit.id };
        sources[`residentialUnitNights[${i}].guests`] = { table: 'booked_units', id: bu.id };
        const fee = perNight[Math.min(perNight.length - 1, unitIndex * bookingNights + Math.max(0, nightIndex))] ?? 0;
        const loads: NtakLoad[] = [{ date: day, amount: fee, category: 'SZALLASDIJ', isTouristTax: false, taxPercentage: input.vatRate }];
        const rule = taxRuleOn(input.taxRules, day);
        const liable = bu.guests.filter((g) => g.touristTaxStatus === 'KOTELES').length;
        if (rule && liable > 0) {
          const tax = rule.type === 'PERCENT' ? Math.round((fee * rule.value) / 100) : toHuf({ amount: rule.value * liable, currency: rule.currency }, day, rates);
          if (tax > 0) loads.push({ date: day, amount: tax, category: 'IFA', isTouristTax: true, taxPercentage: 0 });
        }
        nights.push({
          guests: guestsOf(`residentialUnitNights[${i}].guests`, bu.guests, sources),
          dayUse: false,
          residentialUnit: buildUnit(bu.unit, options),
          salesChannel: salesChannelOf(b.channel),
          marketSegment: options.marketSegment ?? 'SZABADIDOS_EGYENI',
          reservationNumber: b.id,
          loads,
        });
      }
      if (bu.checkout === day && unitIndex === 0 && b.cleaningFee > 0) {
        sources[`checkOutDaySales[${sales.length}]`] = { table: 'bookings', id: b.id };
        sales.push({
          residentialUnit: buildUnit(bu.unit, options),
          salesChannel: salesChannelOf(b.channel),
          marketSegment: options.marketSegment ?? 'SZABADIDOS_EGYENI',
          reservationNumber: b.id,
          loads: [{ date: day, amount: toHuf({ amount: b.cleaningFee, currency: b.currency }, day, rates), category: 'EGYEB', isTouristTax: false, taxPercentage: input.vatRate }],
        });
      }
    });
  }

  const all = units.length;
  const counts: NtakUnitCounts = { all, ooo: ooo.size, oos: 0, occupied: occupiedUnits.size, available: all - ooo.size };
  if (input.notOperating) return { sources, body: { closedDay: day, accommodationNotOperating: true, residentialUnits: counts } };
  return {
    sources,
    body: {
      closedDay: day,
      residentialUnits: counts,
      residentialUnitNights: nights,
      checkOutDaySales: sales,
      outOfOrderResidentialUnits: units.filter((u) => ooo.has(u.id)).map((u) => buildUnit(u, options)),
    },
  };
}

/** The days (oldest first, at most `max`) from `today - max` up to yesterday that have no successful close. */
export function daysToClose(today: string, closed: ReadonlySet<string>, max = 60, since?: string): string[] {
  const days: string[] = [];
  const t = Date.parse(`${today}T00:00:00Z`);
  for (let i = max; i >= 1; i -= 1) {
    const d = new Date(t - i * 86_400_000).toISOString().slice(0, 10);
    if (since && d < since) continue;
    if (!closed.has(d)) days.push(d);
  }
  return days;
}

export type { Money };
