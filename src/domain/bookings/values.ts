// The booking enums (enum tables booking_statuses and booking_channels, SPEC 4).
export const BOOKING_STATUSES = ['new', 'modified', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_CHANNELS = ['airbnb', 'booking', 'direct', 'other'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

export const CURRENCIES = ['EUR', 'HUF'] as const;
export type Currency = (typeof CURRENCIES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
