// Yup schemas for the accommodation editor's forms (basics, unit, rate, tax range, fee). Messages
// are form messages (src/lib/i18n/formMessage: "namespace:key" plus values) that the form kit's
// fields render in the user's language.
import * as yup from 'yup';
import { formMessage, type FormMessage } from '@/lib/i18n/formMessage';
import { CURRENCIES } from '../money';
import { NTAK_ID, TAX_NUMBER } from '../ntak/validate';

export const messages = {
  required: formMessage('accommodation:validation.required'),
  invalidEmail: formMessage('accommodation:validation.invalidEmail'),
  tooLow: formMessage('accommodation:validation.tooLow'),
  tooHigh: formMessage('accommodation:validation.tooHigh'),
  nameMin: formMessage('accommodation:validation.nameMin'),
  minChars: ({ min }: { min: number }): FormMessage => formMessage('accommodation:validation.minChars', { count: min }),
  maxChars: ({ max }: { max: number }): FormMessage => formMessage('accommodation:validation.maxChars', { count: max }),
  wholeNumber: formMessage('accommodation:validation.wholeNumber'),
  invalidDate: formMessage('accommodation:validation.invalidDate'),
  maxBelowMin: formMessage('accommodation:validation.maxBelowMin'),
  invalidChoice: formMessage('accommodation:validation.invalidChoice'),
  countryCode: formMessage('accommodation:validation.countryCode'),
  ntakId: formMessage('accommodation:validation.ntakId'),
  taxNumber: formMessage('accommodation:validation.taxNumber'),
} as const;

/** Unit categories the database allows (the NTAK unit types). */
export const UNIT_CATEGORIES = ['STANDARD', 'APARTMAN', 'SUPERIOR', 'STUDIO', 'LAKOSZTALY', 'EGYEB'] as const;
export const AMOUNT_TYPES = ['FIX', 'PERCENT'] as const;
export const EXPENSE_TYPES = ['cleaning', 'laundry', 'maintenance', 'utilities', 'consumables', 'commission', 'other'] as const;

/** Empty text fields arrive as ''; treat them as "no value" rather than as 0 or NaN. */
const emptyToNull = (value: unknown, original: unknown) => (original === '' || original === null || Number.isNaN(value) ? null : value);

const name = () => yup.string().trim().required(messages.required).min(2, messages.nameMin).max(100, messages.maxChars);
const optionalText = (max: number) => yup.string().trim().max(max, messages.maxChars).default('');
const count = (min: number, max: number) =>
  yup.number().transform(emptyToNull).typeError(messages.wholeNumber).integer(messages.wholeNumber).min(min, messages.tooLow).max(max, messages.tooHigh);
const amount = () => yup.number().transform(emptyToNull).typeError(messages.tooLow).min(0, messages.tooLow).max(100_000_000, messages.tooHigh);
const isoDate = () => yup.string().nullable().default(null).transform((value: string | null) => value || null).matches(/^\d{4}-\d{2}-\d{2}$/, { message: messages.invalidDate, excludeEmptyString: true });

export const accommodationSchema = yup.object({
  name: name(),
  externalName: optionalText(100),
  ownerId: yup.string().nullable().default(null).transform((value: string | null) => value || null),
  ownerName: optionalText(100),
  /** A Hungarian accommodation's tax number goes into every NTAK header: the sender's rule (TAX_NUMBER). */
  taxId: optionalText(30).when('country', {
    is: (country: string | undefined) => (country ?? '').trim().toUpperCase() === 'HU',
    then: (s) => s.matches(TAX_NUMBER, { message: messages.taxNumber, excludeEmptyString: true }),
  }),
  vatRate: yup.number().transform(emptyToNull).typeError(messages.required).required(messages.required).min(0, messages.tooLow).max(100, messages.tooHigh),
  city: yup.string().trim().required(messages.required).max(100, messages.maxChars),
  /** ISO 3166 alpha-2, as the database stores it (HU, AT, ...). */
  country: yup.string().trim().uppercase().required(messages.required).matches(/^[A-Z]{2}$/, { message: messages.countryCode }),
  zip: yup.string().trim().required(messages.required).max(20, messages.maxChars),
  address: yup.string().trim().required(messages.required).max(200, messages.maxChars),
  isHidden: yup.boolean().default(false),
  labelIds: yup.array(yup.string().required()).default([]),
  managerIds: yup.array(yup.string().required()).default([]),
  cleanerIds: yup.array(yup.string().required()).default([]),
});
export type AccommodationValues = yup.InferType<typeof accommodationSchema>;

export const ntakSchema = yup.object({
  /** The sender's rule (NTAK_ID, also the double's and the database's check); typed lower case is accepted. */
  ntakId: optionalText(50)
    .transform((v: string) => v.toUpperCase())
    .matches(NTAK_ID, { message: messages.ntakId, excludeEmptyString: true }),
  ntakName: optionalText(200),
  skipNtak: yup.boolean().default(false),
});
export type NtakValues = yup.InferType<typeof ntakSchema>;

export const unitSchema = yup.object({
  name: name(),
  externalName: optionalText(100),
  category: yup.string().oneOf(UNIT_CATEGORIES, messages.invalidChoice).required(messages.required),
  singleBeds: count(0, 50).required(messages.required),
  doubleBeds: count(0, 50).required(messages.required),
  tempBeds: count(0, 50).required(messages.required),
  occAdults: count(1, 50).required(messages.required),
  occChildren: count(0, 50).required(messages.required),
  occInfants: count(0, 50).required(messages.required),
});
export type UnitValues = yup.InferType<typeof unitSchema>;

export const rateSchema = yup.object({
  name: name(),
  unitId: yup.string().required(messages.required),
  occupancy: count(1, 50).required(messages.required),
  currency: yup.string().oneOf(CURRENCIES, messages.invalidChoice).required(messages.required),
  /** Null for a derived rate, which takes its price from the parent. */
  parentRateId: yup.string().nullable().default(null),
  price: amount()
    .nullable()
    .default(null)
    .when('parentRateId', { is: (parent: string | null) => !parent, then: (schema) => schema.required(messages.required) }),
  minPrice: amount().nullable().default(null),
  maxPrice: amount()
    .nullable()
    .default(null)
    .test('max-above-min', messages.maxBelowMin, function check(value) {
      const min = this.parent.minPrice as number | null;
      return value == null || min == null || value >= min;
    }),
  minStay: count(1, 365).required(messages.required),
  maxStay: count(1, 365)
    .nullable()
    .default(null)
    .test('max-stay-above-min', messages.maxBelowMin, function check(value) {
      const min = this.parent.minStay as number | null;
      return value == null || min == null || value >= min;
    }),
  derivedChangeType: yup.string().oneOf(AMOUNT_TYPES, messages.invalidChoice).default('PERCENT'),
  /** Signed: -10 PERCENT is 10% cheaper than the parent. Required for a derived rate. */
  derivedChangeValue: yup
    .number()
    .transform(emptyToNull)
    .nullable()
    .default(null)
    .typeError(messages.required)
    .when(['parentRateId', 'derivedChangeType'], ([parent, type]: (string | null)[], schema) => {
      if (!parent) return schema;
      const limited = type === 'PERCENT' ? schema.min(-100, messages.tooLow).max(1000, messages.tooHigh) : schema.min(-100_000_000, messages.tooLow).max(100_000_000, messages.tooHigh);
      return limited.required(messages.required);
    }),
  inheritClosedToArrival: yup.boolean().default(true),
  inheritClosedToDeparture: yup.boolean().default(true),
  /** One standing modifier; an empty direction means none. */
  modifierDirection: yup.string().oneOf(['', 'increase', 'decrease'] as const, messages.invalidChoice).default(''),
  modifierType: yup.string().oneOf(AMOUNT_TYPES, messages.invalidChoice).default('PERCENT'),
  modifierValue: yup
    .number()
    .transform(emptyToNull)
    .nullable()
    .default(null)
    .typeError(messages.required)
    .when(['modifierDirection', 'modifierType'], ([direction, type]: string[], schema) => {
      if (!direction) return schema;
      const limited = type === 'PERCENT' ? schema.max(100, messages.tooHigh) : schema.max(100_000_000, messages.tooHigh);
      return limited.required(messages.required).moreThan(0, messages.tooLow);
    }),
});
export type RateValues = yup.InferType<typeof rateSchema>;

export const taxRangeSchema = yup.object({
  type: yup.string().oneOf(AMOUNT_TYPES, messages.invalidChoice).required(messages.required),
  currency: yup.string().oneOf(CURRENCIES, messages.invalidChoice).required(messages.required),
  inclusive: yup.boolean().default(false),
  value: yup
    .number()
    .transform(emptyToNull)
    .typeError(messages.required)
    .required(messages.required)
    .moreThan(0, messages.tooLow)
    .when('type', { is: 'PERCENT', then: (schema) => schema.max(100, messages.tooHigh), otherwise: (schema) => schema.max(1_000_000, messages.tooHigh) }),
  validFrom: isoDate().required(messages.required),
  validTo: isoDate().test('to-after-from', messages.maxBelowMin, function check(value) {
    const from = this.parent.validFrom as string | null;
    return !value || !from || value >= from;
  }),
  maxNights: count(1, 365).nullable().default(null),
  issueOnCleaning: yup.boolean().default(false),
});
export type TaxRangeValues = yup.InferType<typeof taxRangeSchema>;

export const feeSchema = yup.object({
  name: name(),
  unitId: yup.string().required(messages.required),
  type: yup.string().oneOf(AMOUNT_TYPES, messages.invalidChoice).required(messages.required),
  minimum: amount().default(0),
  value: amount()
    .required(messages.required)
    .when('type', { is: 'PERCENT', then: (schema) => schema.max(100, messages.tooHigh) }),
  currency: yup.string().oneOf(CURRENCIES, messages.invalidChoice).required(messages.required),
  expenseType: yup.string().oneOf(EXPENSE_TYPES, messages.invalidChoice).required(messages.required),
});
export type FeeValues = yup.InferType<typeof feeSchema>;

export const emailSchema = yup.string().trim().email(messages.invalidEmail).required(messages.required);
