// The guest journey's functions (functions/journey/*): what each takes and answers. Guests have no
// account; every call names the booking by its journey id. The same Yup schemas validate the
// guest's forms in the browser and the bodies on the server; messages are `journey:` keys.
import * as yup from 'yup';
import { COUNTRY_CODES } from '@/domain/ntak/enums';
import { formMessage } from '@/lib/i18n/formMessage';
import { UUID } from '@/lib/uuid';
import { defineFunction, type RequestOf, type ResponseOf } from './contract';

const m = (key: string, values?: Record<string, number>) => formMessage(`journey:validation.${key}`, values);

/** Letters (any script), spaces, apostrophes, hyphens and dots: no markup, no digits. */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Names as read from an MRZ (letters, spaces; possibly empty) and ISO 3166 alpha-2 codes. */
const MRZ_NAME = /^[\p{L} '-]*$/u;
const ALPHA2 = /^[A-Z]{2}$/;
/** No angle brackets or control characters in free text (addresses, messages). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const PLAIN_TEXT = /^[^<>\u0000-\u0008\u000b\u000c\u000e-\u001f]*$/;

// Any uuid Postgres takes, not only versions 1-5 as yup's uuid() wants: the demo data's journey ids
// are md5-made, and a guest's link must open whatever made the id.
const journeyId = () => yup.string().required(m('required')).matches(UUID, m('journeyId'));
const name = (max = 80) => yup.string().trim().required(m('required')).min(1, m('min', { count: 1 })).max(max, m('max', { count: max })).matches(NAME_PATTERN, m('letters'));
const optionalName = (max = 80) => yup.string().trim().max(max, m('max', { count: max })).matches(NAME_PATTERN, { message: m('letters'), excludeEmptyString: true }).optional();
const text = (max: number) => yup.string().trim().required(m('required')).max(max, m('max', { count: max })).matches(PLAIN_TEXT, m('plainText'));
const optionalText = (max: number) => yup.string().trim().max(max, m('max', { count: max })).matches(PLAIN_TEXT, m('plainText')).optional();
const day = () => yup.string().required(m('required')).matches(DAY, m('date'));
const time = () => yup.string().required(m('required')).matches(TIME, m('time'));
const country = () => yup.string().required(m('required')).oneOf([...COUNTRY_CODES], m('country'));
const email = () => yup.string().trim().required(m('required')).email(m('email')).max(200, m('max', { count: 200 }));
const optionalEmail = () => yup.string().trim().email(m('email')).max(200, m('max', { count: 200 })).optional();
const phone = () => yup.string().trim().required(m('required')).matches(/^\+?[0-9 ()/-]{6,25}$/, m('phone'));
const optionalPhone = () => yup.string().trim().matches(/^\+?[0-9 ()/-]{6,25}$/, { message: m('phone'), excludeEmptyString: true }).optional();
const locale = () => yup.mixed<'en' | 'hu'>().oneOf(['en', 'hu']).optional();
const ok = yup.object({ ok: yup.boolean().required() });

import { ADVENTURE_TYPES, DOCUMENT_TYPES, GENDERS, PAYMENTS, SCAN_MAX_BYTES } from './journeyValues';

export { ADVENTURE_TYPES, DOCUMENT_TYPES, GENDERS, PAYMENTS, SCAN_MAX_BYTES };

// ---- /journey/get ------------------------------------------------------------------------------
const guestSummary = yup.object({ id: yup.string().required(), firstName: yup.string().required(), lastName: yup.string().required() });
const bookedUnit = yup.object({
  id: yup.string().required(),
  name: yup.string().required(),
  capacity: yup.number().required(),
  guests: yup.array(guestSummary).required(),
});
const fact = yup.object({ slug: yup.string().required(), name: yup.string().required(), type: yup.string().required(), value: yup.string().required() });
const transfer = yup.object({
  id: yup.string().required(),
  direction: yup.string().required(),
  date: yup.string().required(),
  flightNumber: yup.string().nullable().defined(),
  pickupDate: yup.string().nullable().defined(),
  pickupTime: yup.string().nullable().defined(),
  passengers: yup.number().required(),
  status: yup.string().required(),
});
const adventure = yup.object({ id: yup.string().required(), date: yup.string().required(), adventureType: yup.string().required(), guests: yup.number().required(), status: yup.string().required() });

export const journeyGetFunction = defineFunction(
  '/journey/get',
  yup.object({ journeyId: journeyId() }),
  yup.object({
    open: yup.boolean().required(),
    /** Past the journey's last day (3 days after check-out): nothing of the stay is shown any more. */
    closed: yup.boolean().required(),
    opensOn: yup.string().required(),
    checkin: yup.string().required(),
    checkout: yup.string().required(),
    accommodationName: yup.string().required(),
    stay: yup
      .object({
        customerName: yup.string().required(),
        guests: yup.number().required(),
        checkinTime: yup.string().required(),
        checkoutTime: yup.string().required(),
        address: yup.string().required(),
        zip: yup.string().required(),
        city: yup.string().required(),
        country: yup.string().required(),
        mapUrl: yup.string().required(),
        directionsUrl: yup.string().required(),
        units: yup.array(bookedUnit).required(),
        houseRules: yup.string().nullable().defined(),
        directions: yup.string().nullable().defined(),
        facts: yup.array(fact).required(),
        invoice: yup
          .object({ name: yup.string().required(), country: yup.string().required(), zip: yup.string().required(), city: yup.string().required(), address: yup.string().required(), taxId: yup.string().nullable().defined() })
          .nullable()
          .defined(),
        transfers: yup.array(transfer).required(),
        adventures: yup.array(adventure).required(),
      })
      .nullable()
      .defined(),
  }),
);

// ---- /journey/find -----------------------------------------------------------------------------
export const journeyFindFunction = defineFunction(
  '/journey/find',
  yup.object({
    query: yup.string().trim().required(m('required')).max(200, m('max', { count: 200 })).matches(PLAIN_TEXT, m('plainText')),
    checkin: day(),
  }),
  yup.object({ journeyId: yup.string().required() }),
);

// ---- /journey/checkin --------------------------------------------------------------------------
export const scannedSchema = yup
  // What journey/scan answered (src/domain/mrz scannedFields), sent back with the check-in and
  // stored for VIZA/NTAK: held to the shapes an MRZ can give (it has no other characters than
  // A-Z, 0-9 and fillers; a TD3 name zone holds 39), so nothing else can ride along.
  .object({
    firstName: yup.string().max(40).matches(MRZ_NAME).defined(),
    lastName: yup.string().max(40).matches(MRZ_NAME).defined(),
    dob: yup.string().matches(DAY).nullable().defined(),
    gender: yup.mixed<(typeof GENDERS)[number]>().oneOf(GENDERS).nullable().defined(),
    nationality: yup.string().matches(ALPHA2).nullable().defined(),
    documentType: yup.mixed<'passport' | 'id_card' | 'other'>().oneOf(['passport', 'id_card', 'other']).defined(),
    documentId: yup.string().max(30).matches(/^[A-Z0-9]*$/).defined(),
    documentExpiry: yup.string().matches(DAY).nullable().defined(),
    issuingCountry: yup.string().matches(ALPHA2).nullable().defined(),
    /** journey/scan's seal over these fields (functions/_journey/attest.ts); checked, never stored. */
    seal: yup.string().max(64).matches(/^[A-Za-z0-9_-]*$/).optional(),
  })
  .noUnknown(true);

export const guestSchema = yup.object({
  firstName: name(),
  lastName: name(),
  birthFirstName: optionalName(),
  birthLastName: optionalName(),
  motherFirstName: name(),
  motherLastName: name(),
  dob: day(),
  pob: text(80).matches(NAME_PATTERN, m('letters')),
  gender: yup.mixed<(typeof GENDERS)[number]>().required(m('required')).oneOf(GENDERS, m('required')),
  nationality: country(),
  country: country(),
  zip: optionalText(20),
  city: optionalText(80),
  address: optionalText(200),
  documentType: yup.mixed<(typeof DOCUMENT_TYPES)[number]>().required(m('required')).oneOf(DOCUMENT_TYPES, m('required')),
  documentId: yup.string().trim().required(m('required')).max(40, m('max', { count: 40 })).matches(/^[A-Za-z0-9 -]+$/, m('lettersOrNumbers')),
  email: optionalEmail(),
  phone: optionalPhone(),
  arrivalTime: time(),
  departureTime: time(),
}).noUnknown(true);
export type GuestForm = yup.InferType<typeof guestSchema>;

export const journeyCheckinFunction = defineFunction(
  '/journey/checkin',
  yup.object({ journeyId: journeyId(), bookedUnitId: yup.string().required(m('required')).matches(UUID, m('required')), guest: guestSchema.required(), scanned: scannedSchema.nullable().optional().default(undefined) }),
  yup.object({ id: yup.string().required() }),
);

// ---- /journey/scan (body: the photo's bytes; journeyId in a header) -----------------------------
export { SCAN_JOURNEY_HEADER } from './scanHeader';
export const scanResponse = yup.object({ fields: scannedSchema.required(), repaired: yup.boolean().required() });
export type ScanResponse = yup.InferType<typeof scanResponse>;

// ---- /journey/invoice --------------------------------------------------------------------------
export const invoiceSchema = yup.object({
  name: text(120).min(2, m('min', { count: 2 })),
  country: country(),
  zip: text(20),
  city: text(80),
  address: text(200),
  taxId: yup.string().trim().max(30, m('max', { count: 30 })).matches(/^[A-Za-z0-9 -]*$/, m('lettersOrNumbers')).optional(),
});
export type InvoiceForm = yup.InferType<typeof invoiceSchema>;
export const journeyInvoiceFunction = defineFunction('/journey/invoice', invoiceSchema.shape({ journeyId: journeyId() }), ok);

// ---- /journey/transfer -------------------------------------------------------------------------
export const transferSchema = yup.object({
  name: name(120),
  email: email(),
  phone: phone(),
  direction: yup.mixed<'arrival' | 'departure'>().required(m('required')).oneOf(['arrival', 'departure'], m('required')),
  flightNumber: yup.string().trim().required(m('required')).matches(/^[A-Za-z0-9]{2}\s?\d{1,4}[A-Za-z]?$/, m('flightNumber')),
  date: day(),
  flightTime: time(),
  payment: yup.mixed<(typeof PAYMENTS)[number]>().required(m('required')).oneOf(PAYMENTS, m('required')),
  passengers: yup.number().typeError(m('number')).required(m('required')).integer(m('number')).min(1, m('tooLow')).max(16, m('tooHigh')),
  fromAddress: text(200),
  toAddress: text(200),
});
export type TransferForm = yup.InferType<typeof transferSchema>;
export const journeyTransferFunction = defineFunction(
  '/journey/transfer',
  transferSchema.shape({ journeyId: journeyId(), locale: locale() }),
  yup.object({ id: yup.string().required(), pickupDate: yup.string().required(), pickupTime: yup.string().required() }),
);

// ---- /journey/adventure ------------------------------------------------------------------------
export const adventureSchema = yup.object({
  name: name(120),
  email: email(),
  phone: phone(),
  date: day(),
  adventureType: yup.mixed<(typeof ADVENTURE_TYPES)[number]>().required(m('required')).oneOf(ADVENTURE_TYPES, m('required')),
  guests: yup.number().typeError(m('number')).required(m('required')).integer(m('number')).min(1, m('tooLow')).max(30, m('tooHigh')),
  message: optionalText(1000),
});
export type AdventureForm = yup.InferType<typeof adventureSchema>;
export const journeyAdventureFunction = defineFunction('/journey/adventure', adventureSchema.shape({ journeyId: journeyId(), locale: locale() }), yup.object({ id: yup.string().required() }));

export type JourneyView = ResponseOf<typeof journeyGetFunction>;
export type JourneyStay = NonNullable<JourneyView['stay']>;
export type CheckinRequest = RequestOf<typeof journeyCheckinFunction>;

/** The error body every journey function answers with; `messageKey` is a `journey:` key for the page. */
export interface JourneyError {
  status: number;
  error: string;
  message: string;
  messageKey: string;
  field?: string;
}
