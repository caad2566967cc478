// Builds machine-readable zones (ICAO 9303) from document fields with computed check digits:
// passports (TD3, 2 x 44) and ID cards (TD1, 3 x 30). Used to make test documents and benchmarks.
import { mrzCountry } from './countries';

const WEIGHTS = [7, 3, 1];

function charValue(c: string): number {
  if (c === '<') return 0;
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  if (c >= 'A' && c <= 'Z') return c.charCodeAt(0) - 55;
  throw new Error(`Not an MRZ character: ${c}`);
}

/** The ICAO 7-3-1 check digit of a field. */
export function checkDigit(field: string): string {
  let sum = 0;
  for (let i = 0; i < field.length; i++) sum += charValue(field[i]) * WEIGHTS[i % 3];
  return String(sum % 10);
}

export interface MrzDocument {
  kind: 'passport' | 'id_card';
  /** Alpha-2 codes. */
  issuingCountry: string;
  nationality: string;
  lastName: string;
  firstName: string;
  documentNumber: string;
  /** YYYY-MM-DD */
  birthDate: string;
  expiryDate: string;
  sex: 'male' | 'female' | 'other';
  optional?: string;
}

const pad = (text: string, length: number) => {
  if (text.length > length) return text.slice(0, length);
  return text + '<'.repeat(length - text.length);
};
const mrzText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '<');
const yymmdd = (date: string) => date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
const sexCode = (sex: MrzDocument['sex']) => (sex === 'male' ? 'M' : sex === 'female' ? 'F' : '<');
const withCheck = (field: string) => field + checkDigit(field);

function nameField(doc: MrzDocument, length: number): string {
  return pad(`${mrzText(doc.lastName)}<<${mrzText(doc.firstName)}`, length);
}

/** The MRZ lines of a document. */
export function composeMrz(doc: MrzDocument): string[] {
  const issuing = pad(mrzCountry(doc.issuingCountry), 3);
  const nationality = pad(mrzCountry(doc.nationality), 3);
  const birth = withCheck(yymmdd(doc.birthDate));
  const expiry = withCheck(yymmdd(doc.expiryDate));
  if (doc.kind === 'passport') {
    const number = withCheck(pad(doc.documentNumber, 9));
    const optional = withCheck(pad(mrzText(doc.optional ?? ''), 14));
    const line2 = number + nationality + birth + sexCode(doc.sex) + expiry + optional;
    const composite = checkDigit(line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43));
    return [pad(`P<${issuing}${nameField(doc, 39)}`, 44), line2 + composite];
  }
  const number = withCheck(pad(doc.documentNumber, 9));
  const line1 = pad(`ID${issuing}${number}${mrzText(doc.optional ?? '')}`, 30);
  const line2Body = birth + sexCode(doc.sex) + expiry + nationality + '<'.repeat(11);
  const composite = checkDigit(line1.slice(5, 30) + line2Body.slice(0, 7) + line2Body.slice(8, 15) + line2Body.slice(18, 29));
  return [line1, line2Body + composite, nameField(doc, 30)];
}
