// The form for adding a channel's iCal URL to a unit: the same rule the database's check
// constraint holds (http or https, at most 2000 characters), with a translated message.
import * as yup from 'yup';
import { formMessage } from '@/lib/i18n/formMessage';
import { BOOKING_CHANNELS, type BookingChannel } from '../bookings/values';

export interface IcalFeedValues {
  channel: BookingChannel;
  url: string;
}

export function isFeedUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password && value.length <= 2000;
  } catch {
    return false;
  }
}

export const icalFeedSchema = yup.object({
  channel: yup.mixed<BookingChannel>().oneOf(BOOKING_CHANNELS).required(formMessage('booking:validation.required')),
  url: yup
    .string()
    .trim()
    .required(formMessage('booking:validation.required'))
    .test('url', formMessage('booking:ical.invalidUrl'), (value) => !value || isFeedUrl(value)),
});
