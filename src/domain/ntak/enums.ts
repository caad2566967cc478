// NTAK accommodation-interface code lists, as the reference states them (ntak-viza-fields.md §3,
// all [V] from the NTAK.guru SDK enums and constants). Values are the government's.

export const GENDERS = ['FERFI', 'NO', 'EGYEB_VAGY_NEM_ISMERT'] as const;
export type NtakGender = (typeof GENDERS)[number];

export const TOURIST_TAX_STATUSES = ['KOTELES', 'IM1', 'IM2', 'IM3', 'IM4', 'IM5', 'IM6', 'IM7', 'IM8', 'IM9', 'IM10', 'IM11'] as const;
export type TouristTaxStatus = (typeof TOURIST_TAX_STATUSES)[number];

export const UNIT_TYPES = [
  'APARTMAN', 'EGYEDI', 'HALOTERMI_AGY', 'ECONOMY', 'UDULOHAZ', 'JUNIOR_SUITE', 'MOBILHAZ', 'PARCELLA',
  'PRIVAT_SZOBA_SAJAT_FURDOVEL', 'PRIVAT_SZOBA_KOZOS_FURDOVEL', 'STANDARD', 'SUITE', 'SUPERIOR', 'SATORHELY_KEMPINGHELY', 'EGYEB',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const MARKET_SEGMENTS = ['SZABADIDOS_EGYENI', 'SZABADIDOS_CSOPORTOS', 'UZLETI_EGYENI', 'UZLETI_CSOPORTOS', 'ISMERETLEN'] as const;
export type MarketSegment = (typeof MARKET_SEGMENTS)[number];

export const SALES_CHANNELS = ['DIREKT_ONLINE', 'DIREKT_HAGYOMANYOS', 'KOZVETITO_ONLINE', 'KOZVETITO_HAGYOMANYOS'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

export const LOAD_CATEGORIES = ['SZALLASDIJ', 'IFA', 'ETEL', 'ITAL', 'GYOGY_ES_WELLNESS', 'EGYEB'] as const;
export type LoadCategory = (typeof LOAD_CATEGORIES)[number];

export const PAYMENT_OPTIONS = ['BANKKARTYA', 'KESZPENZ', 'SZEP_KARTYA', 'ATUTALAS', 'UTALVANY', 'UTOLAGOS', 'EGYEB'] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

export const SZEP_SUBTYPES = ['VENDEGLATAS', 'SZABADIDO', 'SZALLASHELY'] as const;
export type SzepSubtype = (typeof SZEP_SUBTYPES)[number];

/**
 * VAT percentages a load may carry. [I] 0, 5, 18, 27 are what an NTAK export checker accepts; the
 * official list is a [GAP], so a deployment may widen it (NTAK_VAT_RATES, see docs/ntak-viza.md).
 */
export const DEFAULT_VAT_RATES = [0, 5, 18, 27] as const;

/**
 * ISO 3166-1 alpha-2 codes NTAK accepts (its documented list is every ISO code plus XK), besides
 * its `other`. The database holds the same list (`public.is_ntak_country`, migration
 * 1795500000000; `countryCodes.test.ts` compares them).
 */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK'
  ).split(' '),
);

/**
 * Whether `value` is a country code NTAK and VIZA accept as stored (upper case, on the list): the
 * rule of the booking and check-in forms, the journey's functions and the database triggers.
 */
export function isNtakCountryCode(value: unknown): value is string {
  return typeof value === 'string' && COUNTRY_CODES.has(value);
}

/**
 * The country code sent to NTAK for a stored `code`: none known becomes `other` (NTAK's value for
 * an unknown country). A code NTAK does not know (`XX`, or `UK` typed for Britain) is sent as it is,
 * not hidden as `other`: the registry refuses it and the dashboard names the field to fix, so a
 * typo is corrected instead of reported as "another country".
 */
export function ntakCountry(code: string | null | undefined): string {
  const upper = (code ?? '').trim().toUpperCase();
  return upper === '' ? 'other' : upper;
}

/**
 * The code for a value nobody can correct, such as a document reader's output: on NTAK's list, or
 * `other` (as the NTAK.guru wrapper maps unknown codes).
 */
export function countryOrOther(code: string | null | undefined): string {
  const upper = (code ?? '').trim().toUpperCase();
  return COUNTRY_CODES.has(upper) ? upper : 'other';
}

export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}
