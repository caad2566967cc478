// What a document reading is worth against the document it came from, for `npm run bench:mrz` and the
// accuracy test: exact = every field the check-in form gets equals the document's (names compared
// without accents, as an MRZ holds them).
import type { ScannedFields } from '../../src/domain/mrz';
import { alpha2FromMrz } from '../../src/domain/mrz/countries';
import type { SampleDocument } from './documents';

const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();

export function expectedFields(sample: SampleDocument) {
  const d = sample.doc;
  return { firstName: ascii(d.firstName), lastName: ascii(d.lastName), dob: d.birthDate, gender: d.sex, nationality: alpha2FromMrz(d.nationality === 'DE' ? 'D' : d.nationality) ?? d.nationality, documentId: d.documentNumber, documentExpiry: d.expiryDate };
}

export function isExact(sample: SampleDocument, fields: ScannedFields): boolean {
  const got = { ...fields, firstName: ascii(fields.firstName), lastName: ascii(fields.lastName) };
  return Object.entries(expectedFields(sample)).every(([k, v]) => got[k as keyof typeof got] === v);
}
