// Booking rules: enums, dates, editor values and capacity, CSV export.
export * from './values';
export * from './bookingForm';
