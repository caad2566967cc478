// The bookings area's public entry for other areas: its URL builders (pages import views directly).
export { bookingListUrl, bookingUrl, newBookingUrl, NEW_BOOKING_ID } from './urls';
export type { BookingSectionProps } from './views/bookingSections';
