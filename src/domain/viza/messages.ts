// VIZA guest registration messages (ntak-viza-fields.md §4.6): the check-in carries each guest's
// document data twice, as the reader produced it (`scanned`) and as corrected (`manual`); the
// check-out names the guests by the id used at check-in. Document images are never part of a
// message and never stored: only the fields below leave Staydesk.
import { countryOrOther, ntakCountry } from '../ntak/enums';
import { ntakTimestamp } from '../ntak/messages';
import type { Sources } from '../ntak/issues';

export const VIZA_GENDERS = ['FERFI', 'NO', 'EGYEB_VAGY_NEM_ISMERT'] as const;
export const VIZA_DOCUMENT_TYPES = ['SZEM_IG', 'UTLEVEL', 'VEZ_ENG', 'EGYEB'] as const;
export type VizaGender = (typeof VIZA_GENDERS)[number];
export type VizaDocumentType = (typeof VIZA_DOCUMENT_TYPES)[number];

/** EEA states and Switzerland: their citizens need no visa fields. [I] "third-country" = all others. */
export const EEA: ReadonlySet<string> = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO CH'.split(' '),
);

export interface VizaDocument {
  firstName: string;
  lastName: string;
  birthFirstName?: string;
  birthLastName?: string;
  dateOfBirth?: string;
  placeOfBirth?: string;
  motherFirstName?: string;
  motherLastName?: string;
  nationality?: string;
  gender?: VizaGender;
  documentType: VizaDocumentType;
  documentNumber: string;
}

export interface VizaCheckInGuest {
  id: string;
  arrival: string;
  departure: string;
  scanned: VizaDocument;
  manual: VizaDocument;
  visaNumber?: string;
  visaDateOfEntry?: string;
  visaPlaceOfEntry?: string;
}

export interface VizaCheckIn {
  occurredAt: string;
  guests: VizaCheckInGuest[];
}
export interface VizaCheckOut {
  occurredAt: string;
  guests: { id: string; departure: string }[];
}

/** A guest_checkins row, in plain values. `scanned` is the reader's raw output when there was a scan. */
export interface VizaGuestInput {
  id: string;
  firstName: string;
  lastName: string;
  birthFirstName: string | null;
  birthLastName: string | null;
  motherFirstName: string | null;
  motherLastName: string | null;
  dob: string;
  pob: string | null;
  gender: 'male' | 'female' | 'other' | null;
  nationality: string;
  documentId: string;
  documentType: string;
  visaNumber: string | null;
  visaDateOfEntry: string | null;
  visaPlaceOfEntry: string | null;
  checkinTime: string;
  checkoutTime: string;
  scanned: Record<string, unknown> | null;
}

const GENDER: Record<string, VizaGender> = { male: 'FERFI', female: 'NO', other: 'EGYEB_VAGY_NEM_ISMERT', M: 'FERFI', F: 'NO', FERFI: 'FERFI', NO: 'NO' };
const DOCUMENT: Record<string, VizaDocumentType> = { id_card: 'SZEM_IG', passport: 'UTLEVEL', driving_licence: 'VEZ_ENG', other: 'EGYEB', SZEM_IG: 'SZEM_IG', UTLEVEL: 'UTLEVEL', VEZ_ENG: 'VEZ_ENG', EGYEB: 'EGYEB' };

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export function manualDocument(g: VizaGuestInput): VizaDocument {
  return compact({
    firstName: g.firstName.trim(),
    lastName: g.lastName.trim(),
    birthFirstName: text(g.birthFirstName),
    birthLastName: text(g.birthLastName),
    dateOfBirth: g.dob,
    placeOfBirth: text(g.pob),
    motherFirstName: text(g.motherFirstName),
    motherLastName: text(g.motherLastName),
    nationality: ntakCountry(g.nationality),
    gender: g.gender ? GENDER[g.gender] : undefined,
    documentType: DOCUMENT[g.documentType] ?? 'EGYEB',
    documentNumber: g.documentId.trim(),
  });
}

/**
 * The reader's output, unmodified except for the enum fields (as the reference requires). A guest
 * entered by staff without a scan ([I]) sends the typed data as both blocks.
 */
export function scannedDocument(g: VizaGuestInput): VizaDocument {
  const s = g.scanned;
  if (!s) return manualDocument(g);
  const pick = (...keys: string[]) => text(keys.map((k) => s[k]).find((v) => text(v) !== undefined));
  const gender = pick('gender', 'sex');
  const doc = pick('documentType', 'document_type');
  const nationality = pick('nationality');
  return compact({
    firstName: pick('firstName', 'first_name') ?? '',
    lastName: pick('lastName', 'last_name') ?? '',
    birthFirstName: pick('birthFirstName', 'birth_first_name'),
    birthLastName: pick('birthLastName', 'birth_last_name'),
    dateOfBirth: pick('dateOfBirth', 'dob'),
    placeOfBirth: pick('placeOfBirth', 'pob'),
    motherFirstName: pick('motherFirstName', 'mother_first_name'),
    motherLastName: pick('motherLastName', 'mother_last_name'),
    // The reader's value cannot be corrected here (the manual block carries the correction).
    nationality: nationality ? countryOrOther(nationality) : undefined,
    gender: gender ? (GENDER[gender] ?? 'EGYEB_VAGY_NEM_ISMERT') : undefined,
    documentType: doc ? (DOCUMENT[doc] ?? 'EGYEB') : (DOCUMENT[g.documentType] ?? 'EGYEB'),
    documentNumber: pick('documentNumber', 'document_number', 'documentId', 'document_id') ?? '',
  });
}

export function buildVizaCheckIn(guests: VizaGuestInput[], occurredAt: string): { body: VizaCheckIn; sources: Sources } {
  const sources: Sources = {};
  guests.forEach((g, i) => (sources[`guests[${i}]`] = { table: 'guest_checkins', id: g.id }));
  return {
    sources,
    body: {
      occurredAt: ntakTimestamp(occurredAt),
      guests: guests.map((g) =>
        compact({
          id: g.id,
          arrival: ntakTimestamp(g.checkinTime),
          departure: g.checkoutTime.slice(0, 10),
          scanned: scannedDocument(g),
          manual: manualDocument(g),
          visaNumber: text(g.visaNumber),
          visaDateOfEntry: g.visaDateOfEntry ?? undefined,
          visaPlaceOfEntry: text(g.visaPlaceOfEntry),
        }),
      ),
    },
  };
}

export function buildVizaCheckOut(guests: { id: string; departedAt: string }[], occurredAt: string): { body: VizaCheckOut; sources: Sources } {
  const sources: Sources = {};
  guests.forEach((g, i) => (sources[`guests[${i}]`] = { table: 'guest_checkins', id: g.id }));
  return { sources, body: { occurredAt: ntakTimestamp(occurredAt), guests: guests.map((g) => ({ id: g.id, departure: ntakTimestamp(g.departedAt) })) } };
}
