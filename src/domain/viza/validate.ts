// Field-by-field checks of VIZA messages (ntak-viza-fields.md §4.6, §9), shared by the app and
// the local VIZA double.
import { COUNTRY_CODES } from '../ntak/enums';
import type { FieldIssue } from '../ntak/issues';
import { DATE, TIMESTAMP } from '../ntak/validate';
import { EEA, VIZA_DOCUMENT_TYPES, VIZA_GENDERS } from './messages';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const empty = (v: unknown) => v === undefined || v === null || v === '';

const DOC_FIELDS = ['firstName', 'lastName', 'birthFirstName', 'birthLastName', 'dateOfBirth', 'placeOfBirth', 'motherFirstName', 'motherLastName', 'nationality', 'gender', 'documentType', 'documentNumber'];

export interface VizaValidationContext {
  /** Guest ids checked in and not yet out (a check-out must name one of them). */
  openGuests?: ReadonlySet<string>;
}

function fields(o: Obj, path: string, allowed: readonly string[], out: FieldIssue[]): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) out.push({ path: `${path}.${k}`, code: 'unknown-field', message: `${path}.${k} is not a field of this message (document images are never sent)` });
}

function doc(v: unknown, path: string, out: FieldIssue[]): void {
  if (!isObj(v)) return void out.push({ path, code: 'required', message: `${path} is required` });
  fields(v, path, DOC_FIELDS, out);
  for (const k of ['firstName', 'lastName', 'documentNumber']) if (empty(v[k]) || typeof v[k] !== 'string') out.push({ path: `${path}.${k}`, code: 'required', message: `${path}.${k} is required` });
  if (!(VIZA_DOCUMENT_TYPES as readonly unknown[]).includes(v.documentType)) out.push({ path: `${path}.documentType`, code: empty(v.documentType) ? 'required' : 'enum', message: `${path}.documentType must be one of ${VIZA_DOCUMENT_TYPES.join(', ')}` });
  if (!empty(v.gender) && !(VIZA_GENDERS as readonly unknown[]).includes(v.gender)) out.push({ path: `${path}.gender`, code: 'enum', message: `${path}.gender must be one of ${VIZA_GENDERS.join(', ')}` });
  if (!empty(v.nationality) && !COUNTRY_CODES.has(String(v.nationality)) && v.nationality !== 'other') out.push({ path: `${path}.nationality`, code: 'enum', message: `${path}.nationality must be an ISO 3166-1 alpha-2 code` });
  if (!empty(v.dateOfBirth) && !DATE.test(String(v.dateOfBirth))) out.push({ path: `${path}.dateOfBirth`, code: 'pattern', message: `${path}.dateOfBirth must be a date (YYYY-MM-DD)` });
}

export function validateVizaBody(type: 'check_in' | 'check_out', body: unknown, ctx: VizaValidationContext = {}): FieldIssue[] {
  const out: FieldIssue[] = [];
  if (!isObj(body)) return [{ path: '', code: 'type', message: 'body must be an object' }];
  fields(body, '', ['occurredAt', 'guests'], out);
  for (const i of out) i.path = i.path.replace(/^\./, '');
  if (typeof body.occurredAt !== 'string' || !TIMESTAMP.test(body.occurredAt)) out.push({ path: 'occurredAt', code: empty(body.occurredAt) ? 'required' : 'pattern', message: 'occurredAt must be a date and time (Y-m-d H:i:s)' });
  const guests = body.guests;
  if (!Array.isArray(guests) || guests.length === 0) return [...out, { path: 'guests', code: 'count', message: 'guests needs at least 1 item(s)' }];
  const seen = new Set<string>();
  guests.forEach((g, i) => {
    const p = `guests[${i}]`;
    if (!isObj(g)) return void out.push({ path: p, code: 'type', message: `${p} must be an object` });
    if (typeof g.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(g.id)) out.push({ path: `${p}.id`, code: empty(g.id) ? 'required' : 'pattern', message: `${p}.id must be a UUID` });
    else if (seen.has(g.id)) out.push({ path: `${p}.id`, code: 'unique', message: 'A guest appears twice' });
    seen.add(String(g.id));
    if (type === 'check_out') {
      fields(g, p, ['id', 'departure'], out);
      if (typeof g.departure !== 'string' || !TIMESTAMP.test(g.departure)) out.push({ path: `${p}.departure`, code: empty(g.departure) ? 'required' : 'pattern', message: `${p}.departure must be a date and time` });
      if (ctx.openGuests && typeof g.id === 'string' && !ctx.openGuests.has(g.id)) out.push({ path: `${p}.id`, code: 'not-open', message: `${p}.id matches no open check-in` });
      return;
    }
    fields(g, p, ['id', 'arrival', 'departure', 'scanned', 'manual', 'visaNumber', 'visaDateOfEntry', 'visaPlaceOfEntry'], out);
    if (typeof g.arrival !== 'string' || !TIMESTAMP.test(g.arrival)) out.push({ path: `${p}.arrival`, code: empty(g.arrival) ? 'required' : 'pattern', message: `${p}.arrival must be a date and time (Y-m-d H:i:s)` });
    if (typeof g.departure !== 'string' || !DATE.test(g.departure)) out.push({ path: `${p}.departure`, code: empty(g.departure) ? 'required' : 'pattern', message: `${p}.departure must be a date (YYYY-MM-DD)` });
    else if (typeof g.arrival === 'string' && g.departure < g.arrival.slice(0, 10)) out.push({ path: `${p}.departure`, code: 'order', message: `${p}.departure must not be before the arrival` });
    doc(g.scanned, `${p}.scanned`, out);
    doc(g.manual, `${p}.manual`, out);
    const nationality = isObj(g.manual) ? String(g.manual.nationality ?? '') : '';
    if (nationality && !EEA.has(nationality)) {
      for (const k of ['visaNumber', 'visaDateOfEntry', 'visaPlaceOfEntry']) if (empty(g[k])) out.push({ path: `${p}.${k}`, code: 'required', message: `${p}.${k} is required for a guest from outside the EEA` });
    }
    if (!empty(g.visaDateOfEntry) && !DATE.test(String(g.visaDateOfEntry))) out.push({ path: `${p}.visaDateOfEntry`, code: 'pattern', message: `${p}.visaDateOfEntry must be a date (YYYY-MM-DD)` });
  });
  return out;
}
