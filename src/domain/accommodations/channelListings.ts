// Channel ids of a unit on the channels other than Airbnb (Booking.com, Expedia, ...): the
// channels the database knows (enum table listing_channels) and the form's validation.
import * as yup from 'yup';
import { formMessage } from '@/lib/i18n/formMessage';
import { messages } from './accommodationSchemas';

/** Values of nhost listing_channels; the order is the order of the channel picker. */
export const LISTING_CHANNELS = ['booking', 'expedia', 'vrbo', 'szallas_hu', 'google', 'other'] as const;
export type ListingChannel = (typeof LISTING_CHANNELS)[number];

/** Same rule as the database check unit_channel_listings_url_check: http(s) with a host name. */
const LISTING_URL = /^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/i;

export const channelListingSchema = yup.object({
  channel: yup
    .string()
    .transform((value: string) => value || undefined)
    .required(messages.required)
    .oneOf(LISTING_CHANNELS, messages.invalidChoice),
  externalId: yup.string().trim().required(messages.required).max(200, messages.maxChars),
  url: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .transform((value: string | null) => value || null)
    .max(2000, messages.maxChars)
    .matches(LISTING_URL, { message: formMessage('accommodation:channels.invalidUrl'), excludeEmptyString: true }),
});
export type ChannelListingValues = yup.InferType<typeof channelListingSchema>;
