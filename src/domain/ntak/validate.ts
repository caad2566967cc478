// Field-by-field checks of NTAK messages against the documented rules (ntak-viza-fields.md §2-4,
// §9): required fields, enums, patterns, ranges and the cross-field rules. The app runs them
// before it sends (a problem becomes a field error without a round trip) and the local NTAK
// double runs them on what it receives, so the two agree by construction.
import { COUNTRY_CODES, DEFAULT_VAT_RATES, GENDERS, LOAD_CATEGORIES, MARKET_SEGMENTS, PAYMENT_OPTIONS, SALES_CHANNELS, SZEP_SUBTYPES, TOURIST_TAX_STATUSES, UNIT_TYPES } from './enums';
import { IssueList, type FieldIssue } from './issues';
import type { NtakMessageType } from './messages';

export const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** `Y-m-d H:i:s` (reference wrapper) or ISO-8601 with Z or an offset (government examples). */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}([ T])\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
/** [V] reportingId "provided by NTAK", assumed 8 upper-case letters or digits. */
export const NTAK_ID = /^[A-Z0-9]{8}$/;
/** [V] Hungarian tax number 12345678-1-12. */
export const TAX_NUMBER = /^\d{8}-\d-\d{2}$/;

export interface ValidationContext {
  /** Reservation numbers the receiver knows (events and nights must refer to one). */
  knownReservations?: ReadonlySet<string>;
  /** Units registered for the accommodation (daily close `residentialUnits.all` must match). */
  registeredUnits?: number;
  vatRates?: readonly number[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Checker {
  constructor(readonly list: IssueList) {}
  object(v: unknown, path: string, fields: readonly string[]): v is Obj {
    if (!isObj(v)) {
      this.list.add(path, v === undefined || v === null ? 'required' : 'type', `${path || 'body'} must be an object`);
      return false;
    }
    for (const k of Object.keys(v)) if (!fields.includes(k)) this.list.add(join(path, k), 'unknown-field', `${join(path, k)} is not a field of this message`);
    return true;
  }
  required(o: Obj, path: string, key: string): unknown {
    const v = o[key];
    if (v === undefined || v === null || v === '') this.list.add(join(path, key), 'required', `${join(path, key)} is required`);
    return v;
  }
  string(o: Obj, path: string, key: string, pattern?: RegExp, what?: string): void {
    const v = this.required(o, path, key);
    if (v === undefined || v === null || v === '') return;
    if (typeof v !== 'string' && typeof v !== 'number') return this.list.add(join(path, key), 'type', `${join(path, key)} must be a string`);
    if (pattern && !pattern.test(String(v))) this.list.add(join(path, key), 'pattern', `${join(path, key)} must be ${what ?? pattern.source}`);
  }
  enumOf(o: Obj, path: string, key: string, values: readonly (string | number)[]): void {
    const v = this.required(o, path, key);
    if (v === undefined || v === null || v === '') return;
    if (!values.includes(v as string)) this.list.add(join(path, key), 'enum', `${join(path, key)} must be one of ${values.join(', ')}`);
  }
  int(o: Obj, path: string, key: string, min: number, max?: number): void {
    const v = this.required(o, path, key);
    if (v === undefined || v === null) return;
    if (typeof v !== 'number' || !Number.isInteger(v)) return this.list.add(join(path, key), 'type', `${join(path, key)} must be a whole number`);
    if (v < min) this.list.add(join(path, key), 'min', `${join(path, key)} must be at least ${min}`);
    if (max !== undefined && v > max) this.list.add(join(path, key), 'max', `${join(path, key)} must be at most ${max}`);
  }
  number(o: Obj, path: string, key: string, min = 0): void {
    const v = this.required(o, path, key);
    if (v === undefined || v === null) return;
    if (typeof v !== 'number' || !Number.isFinite(v)) return this.list.add(join(path, key), 'type', `${join(path, key)} must be a number`);
    if (v < min) this.list.add(join(path, key), 'min', `${join(path, key)} must be at least ${min}`);
  }
  bool(o: Obj, path: string, key: string): void {
    const v = this.required(o, path, key);
    if (v !== undefined && v !== null && typeof v !== 'boolean') this.list.add(join(path, key), 'type', `${join(path, key)} must be true or false`);
  }
  country(o: Obj, path: string, key: string): void {
    const v = this.required(o, path, key);
    if (v === undefined || v === null || v === '') return;
    if (v !== 'other' && !COUNTRY_CODES.has(String(v))) this.list.add(join(path, key), 'enum', `${join(path, key)} must be an ISO 3166-1 alpha-2 code on NTAK's list, or other`);
  }
  array(o: Obj, path: string, key: string, min: number, optional = false): unknown[] {
    const v = o[key];
    if (v === undefined || v === null) {
      if (!optional) this.list.add(join(path, key), 'required', `${join(path, key)} is required`);
      return [];
    }
    if (!Array.isArray(v)) {
      this.list.add(join(path, key), 'type', `${join(path, key)} must be a list`);
      return [];
    }
    if (v.length < min) this.list.add(join(path, key), 'count', `${join(path, key)} needs at least ${min} item(s)`);
    return v;
  }
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

const GUEST_FIELDS = ['guestNumber', 'gender', 'yearOfBirth', 'nationalityCountryCode', 'residenceCountryCode', 'residencePostCode', 'touristTaxStatus'] as const;
const UNIT_FIELDS = ['type', 'building', 'number', 'trundleBedCount', 'singleBedCount', 'doubleBedCount'] as const;

function guest(c: Checker, v: unknown, path: string, thisYear: number): void {
  if (!c.object(v, path, GUEST_FIELDS)) return;
  c.string(v, path, 'guestNumber');
  c.enumOf(v, path, 'gender', GENDERS);
  c.int(v, path, 'yearOfBirth', 1901, thisYear);
  c.country(v, path, 'nationalityCountryCode');
  c.country(v, path, 'residenceCountryCode');
  c.string(v, path, 'residencePostCode', /^[A-Za-z0-9 -]{1,10}$/, 'a postcode of up to 10 letters or digits');
  c.enumOf(v, path, 'touristTaxStatus', TOURIST_TAX_STATUSES);
}

function guests(c: Checker, o: Obj, path: string, key: string, thisYear: number): void {
  const list = c.array(o, path, key, 1);
  const seen = new Set<string>();
  list.forEach((g, i) => {
    guest(c, g, join(join(path, key), i), thisYear);
    const n = isObj(g) ? String(g.guestNumber ?? '') : '';
    if (n && seen.has(n)) c.list.add(join(join(join(path, key), i), 'guestNumber'), 'unique', 'A guest appears twice');
    seen.add(n);
  });
}

function unit(c: Checker, v: unknown, path: string): void {
  if (!c.object(v, path, UNIT_FIELDS)) return;
  c.enumOf(v, path, 'type', UNIT_TYPES);
  c.string(v, path, 'building');
  c.string(v, path, 'number');
  c.int(v, path, 'trundleBedCount', 0);
  c.int(v, path, 'singleBedCount', 0);
  c.int(v, path, 'doubleBedCount', 0);
}

function load(c: Checker, v: unknown, path: string, vatRates: readonly number[]): void {
  if (!c.object(v, path, ['date', 'amount', 'category', 'isTouristTax', 'taxPercentage'])) return;
  c.string(v, path, 'date', DATE, 'a date (YYYY-MM-DD)');
  c.number(v, path, 'amount');
  c.enumOf(v, path, 'category', LOAD_CATEGORIES);
  c.bool(v, path, 'isTouristTax');
  c.enumOf(v, path, 'taxPercentage', vatRates);
  if (v.isTouristTax === true && v.category !== 'IFA') c.list.add(join(path, 'category'), 'enum', `${join(path, 'category')} must be IFA for a tourist-tax load`);
}

function expense(c: Checker, v: unknown, path: string): void {
  if (!c.object(v, path, ['date', 'amount', 'paymentOption', 'paymentOptionSubtype'])) return;
  c.string(v, path, 'date', TIMESTAMP, 'a date and time (Y-m-d H:i:s)');
  c.number(v, path, 'amount');
  c.enumOf(v, path, 'paymentOption', PAYMENT_OPTIONS);
  if (v.paymentOption === 'SZEP_KARTYA') c.enumOf(v, path, 'paymentOptionSubtype', SZEP_SUBTYPES);
  else if (v.paymentOptionSubtype !== undefined) c.list.add(join(path, 'paymentOptionSubtype'), 'unknown-field', `${join(path, 'paymentOptionSubtype')} is only for SZEP_KARTYA payments`);
}

function items(c: Checker, o: Obj, path: string, vatRates: readonly number[]): void {
  c.array(o, path, 'loads', 0, true).forEach((l, i) => load(c, l, join(join(path, 'loads'), i), vatRates));
  c.array(o, path, 'expenses', 0, true).forEach((e, i) => expense(c, e, join(join(path, 'expenses'), i)));
}

function known(c: Checker, o: Obj, path: string, ctx: ValidationContext): void {
  c.string(o, path, 'reservationNumber');
  const n = o.reservationNumber;
  if (ctx.knownReservations && (typeof n === 'string' || typeof n === 'number') && !ctx.knownReservations.has(String(n))) {
    c.list.add(join(path, 'reservationNumber'), 'unknown', `${join(path, 'reservationNumber')} refers to no reported reservation`);
  }
}

const EVENT_FIELDS: Record<'check_in' | 'check_out' | 'room_change', readonly string[]> = {
  check_in: ['reservationNumber', 'occurredAt', 'guests', 'occupiedResidentialUnit'],
  check_out: ['reservationNumber', 'occurredAt', 'guests', 'abandonedResidentialUnit'],
  room_change: ['reservationNumber', 'occurredAt', 'guests', 'abandonedResidentialUnit', 'occupiedResidentialUnit'],
};

/** Every problem of an NTAK message body of the given type (an empty list means valid). */
export function validateNtakBody(type: NtakMessageType, body: unknown, ctx: ValidationContext = {}, now = new Date()): FieldIssue[] {
  const c = new Checker(new IssueList());
  const thisYear = now.getUTCFullYear();
  const vatRates = ctx.vatRates ?? DEFAULT_VAT_RATES;
  if (type === 'reservation') {
    const f = ['reservationNumber', 'occurredAt', 'reservedAt', 'cancelled', 'arrival', 'departure', 'guestCount', 'marketSegment', 'salesChannel', 'grossAmount', 'nationality', 'bookedResidentialUnits'];
    if (!c.object(body, '', f)) return c.list.issues;
    c.string(body, '', 'reservationNumber');
    c.string(body, '', 'occurredAt', TIMESTAMP, 'a date and time (Y-m-d H:i:s)');
    c.string(body, '', 'reservedAt', TIMESTAMP, 'a date and time (Y-m-d H:i:s)');
    c.bool(body, '', 'cancelled');
    c.string(body, '', 'arrival', DATE, 'a date (YYYY-MM-DD)');
    c.string(body, '', 'departure', DATE, 'a date (YYYY-MM-DD)');
    if (typeof body.arrival === 'string' && typeof body.departure === 'string' && body.departure < body.arrival) c.list.add('departure', 'order', 'departure must not be before arrival');
    c.int(body, '', 'guestCount', 1);
    c.enumOf(body, '', 'marketSegment', MARKET_SEGMENTS);
    c.enumOf(body, '', 'salesChannel', SALES_CHANNELS);
    c.number(body, '', 'grossAmount');
    c.country(body, '', 'nationality');
    c.array(body, '', 'bookedResidentialUnits', 1).forEach((u, i) => {
      const p = join('bookedResidentialUnits', i);
      if (!c.object(u, p, ['type', 'capacity'])) return;
      c.enumOf(u, p, 'type', UNIT_TYPES);
      c.int(u, p, 'capacity', 1);
    });
    return c.list.issues;
  }
  if (type === 'check_in' || type === 'check_out' || type === 'room_change') {
    if (!c.object(body, '', EVENT_FIELDS[type])) return c.list.issues;
    known(c, body, '', ctx);
    c.string(body, '', 'occurredAt', TIMESTAMP, 'a date and time (Y-m-d H:i:s)');
    guests(c, body, '', 'guests', thisYear);
    if (type !== 'check_out') unit(c, body.occupiedResidentialUnit, 'occupiedResidentialUnit');
    if (type !== 'check_in') unit(c, body.abandonedResidentialUnit, 'abandonedResidentialUnit');
    return c.list.issues;
  }
  if (type === 'daily_close') {
    const f = ['closedDay', 'accommodationNotOperating', 'residentialUnits', 'residentialUnitNights', 'checkOutDaySales', 'afterStayExpenses', 'afterStayLoads', 'otherExpenses', 'otherLoads', 'outOfOrderResidentialUnits'];
    if (!c.object(body, '', f)) return c.list.issues;
    c.string(body, '', 'closedDay', DATE, 'a date (YYYY-MM-DD)');
    const ru = body.residentialUnits;
    if (c.object(ru, 'residentialUnits', ['all', 'ooo', 'oos', 'occupied', 'available'])) {
      for (const k of ['all', 'ooo', 'oos', 'occupied', 'available']) c.int(ru, 'residentialUnits', k, 0);
      if (ctx.registeredUnits !== undefined && ru.all !== ctx.registeredUnits) c.list.add('residentialUnits.all', 'unknown', `residentialUnits.all must equal the ${ctx.registeredUnits} units registered in NTAK`);
      if (typeof ru.all === 'number' && typeof ru.occupied === 'number' && ru.occupied > ru.all) c.list.add('residentialUnits.occupied', 'max', 'residentialUnits.occupied cannot exceed residentialUnits.all');
    }
    if (body.accommodationNotOperating !== undefined) {
      if (body.accommodationNotOperating !== true) c.list.add('accommodationNotOperating', 'type', 'accommodationNotOperating is true or left out');
      for (const k of f.slice(3)) if (body[k] !== undefined) c.list.add(k, 'unknown-field', `${k} is not sent for a day the accommodation did not operate`);
      return c.list.issues;
    }
    const overnight = new Set<string>();
    c.array(body, '', 'residentialUnitNights', 0, true).forEach((n, i) => {
      const p = join('residentialUnitNights', i);
      if (!c.object(n, p, ['guests', 'dayUse', 'residentialUnit', 'salesChannel', 'marketSegment', 'reservationNumber', 'expenses', 'loads'])) return;
      guests(c, n, p, 'guests', thisYear);
      c.bool(n, p, 'dayUse');
      unit(c, n.residentialUnit, join(p, 'residentialUnit'));
      c.enumOf(n, p, 'salesChannel', SALES_CHANNELS);
      c.enumOf(n, p, 'marketSegment', MARKET_SEGMENTS);
      known(c, n, p, ctx);
      items(c, n, p, vatRates);
      if (n.dayUse === false && isObj(n.residentialUnit)) {
        const key = `${String(n.residentialUnit.building)}/${String(n.residentialUnit.number)}`;
        if (overnight.has(key)) c.list.add(join(p, 'dayUse'), 'unique', 'A unit may appear only once per day with dayUse=false');
        overnight.add(key);
      }
    });
    c.array(body, '', 'checkOutDaySales', 0, true).forEach((s, i) => {
      const p = join('checkOutDaySales', i);
      if (!c.object(s, p, ['residentialUnit', 'salesChannel', 'marketSegment', 'reservationNumber', 'expenses', 'loads'])) return;
      unit(c, s.residentialUnit, join(p, 'residentialUnit'));
      c.enumOf(s, p, 'salesChannel', SALES_CHANNELS);
      c.enumOf(s, p, 'marketSegment', MARKET_SEGMENTS);
      known(c, s, p, ctx);
      items(c, s, p, vatRates);
    });
    for (const k of ['afterStayLoads', 'otherLoads']) c.array(body, '', k, 0, true).forEach((l, i) => load(c, l, join(k, i), vatRates));
    for (const k of ['afterStayExpenses', 'otherExpenses']) c.array(body, '', k, 0, true).forEach((e, i) => expense(c, e, join(k, i)));
    c.array(body, '', 'outOfOrderResidentialUnits', 0, true).forEach((u, i) => unit(c, u, join('outOfOrderResidentialUnits', i)));
    return c.list.issues;
  }
  if (type === 'scheduler') {
    c.object(body, '', []);
    return c.list.issues;
  }
  c.list.add('', 'enum', `unknown message type ${String(type)}`);
  return c.list.issues;
}

/** The envelope's header (from the accommodation and the software): [V] tag names from an NTAK export. */
export function validateNtakHeader(header: unknown): FieldIssue[] {
  const c = new Checker(new IssueList());
  const f = ['szallasAdatszolgaltatasiAzonosito', 'szallashelySzolgaltatoAdoszam', 'szallasNev', 'szallashelySzolgaltatoNev', 'szoftverVerzio', 'uzenetId', 'uzenetKuldesIdeje'];
  if (!c.object(header, 'header', f)) return c.list.issues;
  c.string(header, 'header', 'szallasAdatszolgaltatasiAzonosito', NTAK_ID, '8 capital letters or digits (the NTAK reporting id)');
  c.string(header, 'header', 'szallashelySzolgaltatoAdoszam', TAX_NUMBER, 'a tax number like 12345678-1-42');
  c.string(header, 'header', 'szallasNev');
  c.string(header, 'header', 'szoftverVerzio');
  c.string(header, 'header', 'uzenetId');
  c.string(header, 'header', 'uzenetKuldesIdeje', TIMESTAMP, 'a date and time');
  return c.list.issues;
}
