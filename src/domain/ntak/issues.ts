// Field-level problems of a registry message, and where in Staydesk each one is fixed. Both the
// app (before sending) and the local NTAK/VIZA doubles (on receipt) report problems this way, so
// the dashboard can say "fix the date of birth of this guest" and link to that field.

export type IssueCode = 'required' | 'type' | 'enum' | 'pattern' | 'min' | 'max' | 'order' | 'unique' | 'unknown' | 'unknown-field' | 'count' | 'not-open';

export interface FieldIssue {
  /** Path in the message body, e.g. `guests[1].yearOfBirth`. */
  path: string;
  code: IssueCode;
  message: string;
}

/** A row of the app that produced part of a message: `path` prefix → table, id. */
export interface SourceRef {
  table: 'accommodations' | 'bookings' | 'booked_units' | 'units' | 'guest_checkins' | 'exchange_rates';
  id: string;
}
export type Sources = Record<string, SourceRef>;

/** Where a field issue is fixed: the table, row and column a user edits. */
export interface FixTarget extends SourceRef {
  column: string | null;
}

/** Message field (last path segment) → the column it comes from, per source table. */
const COLUMNS: Record<SourceRef['table'], Record<string, string>> = {
  guest_checkins: {
    gender: 'gender', yearOfBirth: 'dob', nationalityCountryCode: 'nationality', residenceCountryCode: 'country', residencePostCode: 'zip',
    touristTaxStatus: 'tourist_tax_status', guestNumber: 'ntak_guest_id', id: 'id', firstName: 'first_name', lastName: 'last_name',
    birthFirstName: 'birth_first_name', birthLastName: 'birth_last_name', dateOfBirth: 'dob', placeOfBirth: 'pob',
    motherFirstName: 'mother_first_name', motherLastName: 'mother_last_name', nationality: 'nationality', documentType: 'document_type',
    documentNumber: 'document_id', visaNumber: 'visa_number', visaDateOfEntry: 'visa_date_of_entry', visaPlaceOfEntry: 'visa_place_of_entry',
    arrival: 'checkin_time', departure: 'checkout_time',
  },
  units: { type: 'category', number: 'name', singleBedCount: 'single_beds', doubleBedCount: 'double_beds', trundleBedCount: 'temp_beds', capacity: 'occ_adults' },
  bookings: {
    arrival: 'checkin', departure: 'checkout', guestCount: 'adults', nationality: 'customer_country', grossAmount: 'accommodation_fee',
    salesChannel: 'channel', reservedAt: 'created_at', guests: 'checkins',
  },
  booked_units: { guests: 'checkins' },
  accommodations: { szallasAdatszolgaltatasiAzonosito: 'ntak_id', szallashelySzolgaltatoAdoszam: 'tax_id', szallasNev: 'ntak_name', all: 'units' },
  exchange_rates: { amount: 'rate_huf', grossAmount: 'rate_huf' },
};

/**
 * The row and column to fix for an issue at `path`: the longest source prefix of the path wins
 * (`guests[1].yearOfBirth` → the guest row of `guests[1]`, column `dob`).
 */
export function fixTargetFor(path: string, sources: Sources): FixTarget | null {
  let best: string | null = null;
  for (const prefix of Object.keys(sources)) {
    const matches = prefix === '' || path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
    if (matches && (best === null || prefix.length > best.length)) best = prefix;
  }
  if (best === null) return null;
  const source = sources[best];
  const rest = path.slice(best.length) || path;
  const field = /([A-Za-z]+)(\[\d+\])?$/.exec(rest)?.[1] ?? '';
  return { ...source, column: COLUMNS[source.table][field] ?? null };
}

/** Collects issues while a validator walks a message. */
export class IssueList {
  readonly issues: FieldIssue[] = [];
  add(path: string, code: IssueCode, message: string): void {
    this.issues.push({ path, code, message });
  }
}
