// What a checked MRZ fills in on the check-in form: names in normal capitalisation, dates as
// YYYY-MM-DD, alpha-2 countries, the form's gender and document type values. Names and dates are
// suggestions the guest confirms (names have no check digit; umlauts are lost in an MRZ).
import type { ParseResult } from 'mrz';
import { alpha2FromMrz } from './countries';

export interface ScannedFields {
  firstName: string;
  lastName: string;
  dob: string | null;
  gender: 'male' | 'female' | 'other' | null;
  nationality: string | null;
  documentType: 'passport' | 'id_card' | 'other';
  documentId: string;
  documentExpiry: string | null;
  issuingCountry: string | null;
}

/** "ANNA MARIA" -> "Anna Maria", "O<BRIEN" already spaced -> "O Brien". */
export function nameCase(text: string | null | undefined): string {
  return (text ?? '')
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

/**
 * YYMMDD -> YYYY-MM-DD. A birth date is never in the future, so a two-digit year after this year's
 * is last century; an expiry date is within the next 50 years.
 */
export function mrzDate(value: string | null | undefined, kind: 'birth' | 'expiry', today: string): string | null {
  if (!value || !/^\d{6}$/.test(value)) return null;
  const yy = Number(value.slice(0, 2));
  const mm = value.slice(2, 4);
  const dd = value.slice(4, 6);
  const thisYear = Number(today.slice(0, 4));
  const century = Math.floor(thisYear / 100) * 100;
  let year = century + yy;
  if (kind === 'birth' && `${year}-${mm}-${dd}` > today) year -= 100;
  if (kind === 'expiry' && year < thisYear - 50) year += 100;
  const date = `${year}-${mm}-${dd}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}

export function scannedFields(result: ParseResult, lines: readonly string[], today: string): ScannedFields {
  const f = result.fields;
  const code = (f.documentCode ?? '').replace(/</g, '');
  const documentType = result.format === 'TD3' || code.startsWith('P') ? 'passport' : /^[IAC]/.test(code) ? 'id_card' : 'other';
  return {
    firstName: nameCase(f.firstName),
    lastName: nameCase(f.lastName),
    dob: mrzDate(f.birthDate, 'birth', today),
    gender: f.sex === 'male' || f.sex === 'female' ? f.sex : f.sex ? 'other' : null,
    nationality: alpha2FromMrz(f.nationality ?? readRaw(result, lines, 'nationality')) ?? null,
    documentType,
    documentId: (f.documentNumber ?? '').replace(/</g, ''),
    documentExpiry: mrzDate(f.expirationDate, 'expiry', today),
    issuingCountry: alpha2FromMrz(f.issuingState ?? readRaw(result, lines, 'issuingState')) ?? null,
  };
}

/** The raw text of a field (the parser leaves `nationality` null for codes it does not know, e.g. "D<<"). */
function readRaw(result: ParseResult, lines: readonly string[], field: string): string | null {
  const detail = result.details.find((d) => d.field === field);
  return detail ? (lines[detail.line]?.slice(detail.start, detail.end) ?? null) : null;
}
