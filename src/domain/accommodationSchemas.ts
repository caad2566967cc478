// Yup schemas for the accommodation editor's forms (basics, unit, rate, tax range, fee). Messages
// are translation keys with values ({ key, values }) that the forms render in the user's language.
import * as yup from 'yup';
import { CURRENCIES } from './money';

/** A validation message as the schemas produce it: a key in the form's namespace plus values. */
export interface MessageKey {
  key: string;
  values?: Record<string, number | string>;
}

export const messages = {
  required: { key: 'validation.required' },
  invalidEmail: { key: 'validation.invalidEmail' },
  tooLow: { key: 'validation.tooLow' },
  tooHigh: { key: 'validation.tooHigh' },
  nameMin: { key: 'validation.nameMin' },
  minChars: ({ min }: { min: number }): MessageKey => ({ key: 'validation.minChars', values: { count: min } }),
  maxChars: ({ max }: { max: number }): MessageKey => ({ key: 'validation.maxChars', values: { count: max } }),
  wholeNumber: { key: 'validation.wholeNumber' },
  invalidDate: { key: 'validation.invalidDate' },
  maxBelowMin: { key: 'validation.maxBelowMin' },
  invalidChoice: { key: 'validation.invalidChoice' },
} as const;

/** Empty text fields arrive as ''; treat them as "no value" rather than as 0 or NaN. */
const emptyToNull = (value: unknown, original: unknown) => (original === '' || original === null || Number.isNaN(value) ? null : value);

const name = () => yup.string().trim().required(messages.required).min(2, messages.nameMin).max(100, messages.maxChars);
const optionalText = (max: number) => yup.string().trim().max(max, messages.maxChars).default('');
const count = (min: number, max: number) =>
  yup.number().transform(emptyToNull).typeError(messages.wholeNumber).integer(messages.wholeNumber).min(min, messages.tooLow).max(max, messages.tooHigh);
const amount = () => yup.number().transform(emptyToNull).typeError(messages.tooLow).min(0, messages.tooLow).max(100_000_000, messages.tooHigh);
const isoDate = () => yup.string().nullable().default(null).matches(/^\d{4}-\d{2}-\d{2}$/, { message: messages.invalidDate, excludeEmptyString: true });

export const accommodationSchema = yup.object({
  name: name(),
  externalName: optionalText(100),
  ownerId: yup.string().nullable().default(null),
  ownerName: optionalText(100),
  taxId: optionalText(30),
  vatRate: yup.number().transform(emptyToNull).nullable().default(null).typeError(messages.tooLow).min(0, messages.tooLow).max(100, messages.tooHigh),
  city: optionalText(100),
  country: optionalText(100),
  zip: optionalText(20),
  address: optionalText(200),
  isHidden: yup.boolean().default(false),
  labelIds: yup.array(yup.string().required()).default([]),
  managerIds: yup.array(yup.string().required()).default([]),
  cleanerIds: yup.array(yup.string().required()).default([]),
});
export type AccommodationValues = yup.InferType<typeof accommodationSchema>;

export const ntakSchema = yup.object({
  ntakId: optionalText(50),
  ntakName: optionalText(200),
  skipNtak: yup.boolean().default(false),
});
export type NtakValues = yup.InferType<typeof ntakSchema>;

export const unitSchema = yup.object({
  name: name(),
  externalName: optionalText(100),
  category: optionalText(50),
  singleBeds: count(0, 50).required(messages.required),
  doubleBeds: count(0, 50).required(messages.required),
  tempBeds: count(0, 50).required(messages.required),
  occAdults: count(1, 50).required(messages.required),
  occChildren: count(0, 50).required(messages.required),
  occInfants: count(0, 50).required(messages.required),
});
export type UnitValues = yup.InferType<typeof unitSchema>;

const modifierSchema = yup.object({
  direction: yup.string().oneOf(['increase', 'decrease'] as const, messages.invalidChoice).required(messages.required),
  kind: yup.string().oneOf(['amount', 'percent'] as const, messages.invalidChoice).required(messages.required),
  value: amount().required(messages.required),
});

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
  minStay: count(1, 365).nullable().default(null),
  maxStay: count(1, 365)
    .nullable()
    .default(null)
    .test('max-stay-above-min', messages.maxBelowMin, function check(value) {
      const min = this.parent.minStay as number | null;
      return value == null || min == null || value >= min;
    }),
  changeKind: yup.string().oneOf(['amount', 'percent'] as const, messages.invalidChoice).default('percent'),
  /** Signed: -10 percent is 10% cheaper than the parent. */
  change: yup.number().transform(emptyToNull).nullable().default(null).typeError(messages.tooLow).min(-100_000_000, messages.tooLow).max(100_000_000, messages.tooHigh),
  inheritRestrictions: yup.boolean().default(true),
  modifiers: yup.array(modifierSchema).default([]),
});
export type RateValues = yup.InferType<typeof rateSchema>;

export const taxRangeSchema = yup.object({
  type: yup.string().oneOf(['FIX', 'PERCENT'] as const, messages.invalidChoice).required(messages.required),
  currency: yup.string().oneOf(CURRENCIES, messages.invalidChoice).required(messages.required),
  inclusive: yup.boolean().default(false),
  value: yup
    .number()
    .transform(emptyToNull)
    .typeError(messages.required)
    .required(messages.required)
    .moreThan(0, messages.tooLow)
    .when('type', { is: 'PERCENT', then: (schema) => schema.max(100, messages.tooHigh), otherwise: (schema) => schema.max(1_000_000, messages.tooHigh) }),
  validFrom: isoDate(),
  validTo: isoDate().test('to-after-from', messages.maxBelowMin, function check(value) {
    const from = this.parent.validFrom as string | null;
    return !value || !from || value >= from;
  }),
  maxNights: count(1, 365).nullable().default(null),
  issueOnCleaning: yup.boolean().default(false),
  exemptMinors: yup.boolean().default(true),
});
export type TaxRangeValues = yup.InferType<typeof taxRangeSchema>;

export const feeSchema = yup.object({
  name: name(),
  unitId: yup.string().nullable().default(null),
  type: yup.string().required(messages.required),
  minimum: amount().nullable().default(null),
  value: amount().required(messages.required),
  currency: yup.string().oneOf(CURRENCIES, messages.invalidChoice).required(messages.required),
  expenseType: yup.string().required(messages.required),
});
export type FeeValues = yup.InferType<typeof feeSchema>;

export const emailSchema = yup.string().trim().email(messages.invalidEmail).required(messages.required);
