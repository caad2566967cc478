// Converts between database rows, the editor's form values (text fields hold '' for "empty") and
// the domain's pricing and tax inputs (integer minor units).
import type { AccommodationValues, FeeValues, NtakValues, RateValues, TaxRangeValues, UnitValues } from '@/domain/accommodations/accommodationSchemas';
import { toMinor } from '@/domain/money';
import type { RateOnDate } from '@/domain/ratePricing';
import type { TouristTaxRange } from '@/domain/touristTax';
import type { AccommodationDetails, ExpenseFactoryRow, RateRow, TaxRangeRow, UnitRow } from './types';

/** What a form holds before validation: numbers may still be '' and optional text is ''. */
export type FormShape<T> = { [K in keyof T]: T[K] extends number | null | undefined ? number | '' : T[K] extends string | null | undefined ? string : T[K] };

const blank = (value: string | null | undefined): string => value ?? '';
/** Numerics arrive as strings (the engine stringifies numeric columns, as Hasura does). */
const numberOrBlank = (value: number | string | null | undefined): number | '' => (value === null || value === undefined ? '' : Number(value));
const nullIfBlank = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim() : null);

export function basicsToForm(row: AccommodationDetails | null, labelIds: string[], staff: { managerIds: string[]; cleanerIds: string[] }): FormShape<AccommodationValues> {
  return {
    name: blank(row?.name),
    externalName: blank(row?.external_name),
    ownerId: blank(row?.owner_id),
    ownerName: blank(row?.owner_name),
    taxId: blank(row?.tax_id),
    vatRate: numberOrBlank(row ? row.vat_rate : 18),
    city: row?.city ?? 'Budapest',
    country: row?.country ?? 'HU',
    zip: blank(row?.zip),
    address: blank(row?.address),
    isHidden: row?.is_hidden ?? false,
    labelIds,
    managerIds: staff.managerIds,
    cleanerIds: staff.cleanerIds,
  };
}

export function basicsToColumns(values: AccommodationValues): Record<string, unknown> {
  return {
    name: values.name,
    external_name: nullIfBlank(values.externalName),
    owner_id: values.ownerId || null,
    owner_name: nullIfBlank(values.ownerName),
    tax_id: nullIfBlank(values.taxId),
    vat_rate: values.vatRate,
    city: values.city,
    country: values.country,
    zip: values.zip,
    address: values.address,
    is_hidden: values.isHidden,
  };
}

/** Basics columns only office staff may set (see capabilities.ownerAndTax and nhost/metadata). */
export const OWNER_AND_TAX_COLUMNS = ['owner_id', 'tax_id', 'vat_rate'] as const;

/** The basics columns without those the role may not set, so the write is not refused for them. */
export function withoutOwnerAndTax(columns: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(columns).filter(([key]) => !(OWNER_AND_TAX_COLUMNS as readonly string[]).includes(key)));
}

/** Database defaults a new accommodation does not need to send. */
const ACCOMMODATION_DEFAULTS: Record<string, unknown> = { country: 'HU', city: 'Budapest', is_hidden: false };

/** Columns for a new accommodation: values equal to the column default are left to the database. */
export function newAccommodationColumns(values: AccommodationValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(basicsToColumns(values)).filter(([key, value]) => ACCOMMODATION_DEFAULTS[key] !== value));
}

/**
 * Only the columns the user changed, so a save never rewrites fields nobody touched (another
 * user's concurrent edit of a different field survives). Numbers from numeric columns may arrive
 * as strings or numbers; they compare by value.
 */
export function changedColumns(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => a === b || (a !== null && b !== null && a !== '' && b !== '' && !Number.isNaN(Number(a)) && Number(a) === Number(b));
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => !same(before[key], value)));
}

/** The basics columns of a loaded accommodation, in the shape basicsToColumns produces. */
export function basicsColumnsOf(row: AccommodationDetails): Record<string, unknown> {
  return {
    name: row.name,
    external_name: row.external_name,
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    tax_id: row.tax_id,
    vat_rate: row.vat_rate,
    city: row.city,
    country: row.country,
    zip: row.zip,
    address: row.address,
    is_hidden: row.is_hidden,
  };
}

/** The staff connected to any unit of the accommodation, by connection type. */
export function staffOf(links: readonly { user_id: string; connection_type: string }[]): { managerIds: string[]; cleanerIds: string[] } {
  const ids = (type: 'manager' | 'cleaner') => [...new Set(links.filter((c) => c.connection_type === type).map((c) => c.user_id))];
  return { managerIds: ids('manager'), cleanerIds: ids('cleaner') };
}

export function ntakToForm(row: AccommodationDetails): FormShape<NtakValues> {
  return { ntakId: blank(row.ntak_id), ntakName: blank(row.ntak_name), skipNtak: row.skip_ntak };
}

export function ntakToColumns(values: NtakValues): Record<string, unknown> {
  return { ntak_id: nullIfBlank(values.ntakId), ntak_name: nullIfBlank(values.ntakName), skip_ntak: values.skipNtak };
}

export function unitToForm(row: UnitRow | null): FormShape<UnitValues> {
  return {
    name: blank(row?.name),
    externalName: blank(row?.external_name),
    category: row?.category ?? 'APARTMAN',
    singleBeds: row?.single_beds ?? 0,
    doubleBeds: row?.double_beds ?? 1,
    tempBeds: row?.temp_beds ?? 0,
    occAdults: row?.occ_adults ?? 2,
    occChildren: row?.occ_children ?? 0,
    occInfants: row?.occ_infants ?? 0,
  };
}

export function unitToObject(values: UnitValues, accommodationId: string, id: string | null): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    accommodation_id: accommodationId,
    name: values.name,
    external_name: nullIfBlank(values.externalName),
    category: values.category,
    single_beds: values.singleBeds,
    double_beds: values.doubleBeds,
    temp_beds: values.tempBeds,
    occ_adults: values.occAdults,
    occ_children: values.occChildren,
    occ_infants: values.occInfants,
  };
}

export function rateToForm(row: RateRow | null, unitId: string): FormShape<RateValues> {
  return {
    name: blank(row?.name),
    unitId: row?.unit_id ?? unitId,
    occupancy: row?.occupancy ?? 2,
    currency: row?.currency ?? 'EUR',
    parentRateId: row?.parent_rate_id ?? '',
    price: row?.parent_rate_id ? '' : numberOrBlank(row?.price),
    minPrice: numberOrBlank(row?.min_price),
    maxPrice: numberOrBlank(row?.max_price),
    minStay: row?.min_stay ?? 1,
    maxStay: numberOrBlank(row?.max_stay),
    derivedChangeType: row?.derived_change_type ?? 'PERCENT',
    derivedChangeValue: numberOrBlank(row?.derived_change_value),
    inheritClosedToArrival: row?.inherit_closed_to_arrival ?? true,
    inheritClosedToDeparture: row?.inherit_closed_to_departure ?? true,
    modifierDirection: row?.modifier_direction ?? '',
    modifierType: row?.modifier_type ?? 'PERCENT',
    modifierValue: numberOrBlank(row?.modifier_value),
  };
}

export function rateToObject(values: RateValues, id: string | null): Record<string, unknown> {
  const derived = Boolean(values.parentRateId);
  const modified = Boolean(values.modifierDirection);
  return {
    ...(id ? { id } : {}),
    unit_id: values.unitId,
    name: values.name,
    occupancy: values.occupancy,
    currency: values.currency,
    // The column is NOT NULL; a derived rate's own price is unused, so 0 is stored.
    price: derived ? 0 : values.price,
    min_price: values.minPrice,
    max_price: values.maxPrice,
    min_stay: values.minStay,
    max_stay: values.maxStay,
    modifier_direction: modified ? values.modifierDirection : null,
    modifier_type: modified ? values.modifierType : null,
    modifier_value: modified ? values.modifierValue : null,
    parent_rate_id: derived ? values.parentRateId : null,
    derived_change_type: derived ? values.derivedChangeType : null,
    derived_change_value: derived ? values.derivedChangeValue : null,
    inherit_closed_to_arrival: derived ? values.inheritClosedToArrival : false,
    inherit_closed_to_departure: derived ? values.inheritClosedToDeparture : false,
  };
}

/** Rates as the pricing rules see them (default day, no calendar overrides). */
export function ratesToDomain(rows: readonly RateRow[]): Map<string, RateOnDate> {
  return new Map(
    rows.map((row) => {
      const minor = (value: string | null) => (value === null ? null : toMinor(Number(value), row.currency));
      const rate: RateOnDate = {
        id: row.id,
        price: toMinor(Number(row.price), row.currency),
        minPrice: minor(row.min_price),
        maxPrice: minor(row.max_price),
        modifiers:
          (row.modifier_direction === 'increase' || row.modifier_direction === 'decrease') && row.modifier_type && row.modifier_value !== null
            ? [{ direction: row.modifier_direction, kind: row.modifier_type, value: row.modifier_type === 'FIX' ? toMinor(Number(row.modifier_value), row.currency) : Number(row.modifier_value) }]
            : [],
        derivation:
          row.parent_rate_id && row.derived_change_type && row.derived_change_value !== null
            ? {
                parentId: row.parent_rate_id,
                kind: row.derived_change_type,
                change: row.derived_change_type === 'FIX' ? toMinor(Number(row.derived_change_value), row.currency) : Number(row.derived_change_value),
                inheritClosedToArrival: row.inherit_closed_to_arrival,
                inheritClosedToDeparture: row.inherit_closed_to_departure,
              }
            : null,
      };
      return [row.id, rate];
    }),
  );
}

export function taxRangeToForm(row: TaxRangeRow | null): FormShape<TaxRangeValues> {
  return {
    type: row?.type ?? 'PERCENT',
    currency: row?.currency ?? 'HUF',
    inclusive: row?.inclusive ?? false,
    value: numberOrBlank(row ? row.value : 4),
    validFrom: blank(row?.valid_from),
    validTo: blank(row?.valid_to),
    maxNights: numberOrBlank(row?.max_nights),
    issueOnCleaning: row?.issue_on_cleaning ?? false,
  };
}

export function taxRangeToObject(values: TaxRangeValues, accommodationId: string, id: string | null): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    accommodation_id: accommodationId,
    type: values.type,
    currency: values.currency,
    inclusive: values.inclusive,
    value: values.value,
    valid_from: values.validFrom,
    valid_to: values.validTo || null,
    max_nights: values.maxNights,
    issue_on_cleaning: values.issueOnCleaning,
  };
}

/** Tax ranges for the domain: FIX values in minor units of their own currency. */
export function taxRangesToDomain(rows: readonly TaxRangeRow[]): TouristTaxRange[] {
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    currency: row.currency,
    inclusive: row.inclusive,
    value: row.type === 'FIX' ? toMinor(Number(row.value), row.currency) : Number(row.value),
    validFrom: row.valid_from,
    validTo: row.valid_to,
    maxNights: row.max_nights,
    issueOnCleaning: row.issue_on_cleaning,
  }));
}

export function feeToForm(row: ExpenseFactoryRow | null, unitId: string): FormShape<FeeValues> {
  return {
    name: blank(row?.name),
    unitId: row?.unit_id ?? unitId,
    type: row?.type ?? 'FIX',
    minimum: numberOrBlank(row ? row.minimum : 0),
    value: numberOrBlank(row?.value),
    currency: row?.currency ?? 'HUF',
    expenseType: row?.expense_type ?? 'cleaning',
  };
}

export function feeToObject(values: FeeValues, id: string | null): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    name: values.name,
    unit_id: values.unitId,
    type: values.type,
    minimum: values.minimum ?? 0,
    value: values.value,
    currency: values.currency,
    expense_type: values.expenseType,
  };
}
