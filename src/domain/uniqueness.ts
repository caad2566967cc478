// Maps the database's uniqueness violations (Hasura `constraint-violation` errors, whose message
// names the Postgres constraint) to the spec's section 8 messages and the form field they belong to.

export interface UniquenessViolation {
  /** The form field that shows the message. */
  field: string;
  /** Form message (src/lib/i18n/formMessage): a namespaced translation key. */
  messageKey: string;
}

/** Constraint name → field and message. Names come from nhost/migrations (the data model). */
export const UNIQUE_CONSTRAINTS: Record<string, UniquenessViolation> = {
  accommodations_name_key: { field: 'name', messageKey: 'accommodation:errors.accommodationNameUnique' },
  units_accommodation_id_name_key: { field: 'name', messageKey: 'accommodation:errors.unitNameUnique' },
  rates_unit_id_name_key: { field: 'name', messageKey: 'rate:errors.rateNameUnique' },
  rates_unit_id_occupancy_currency_key: { field: 'occupancy', messageKey: 'rate:errors.occupancyCurrencyUnique' },
  expense_factories_unit_id_name_key: { field: 'name', messageKey: 'accommodation:errors.feeNameUnique' },
  unit_channel_listings_channel_external_id_key: { field: 'externalId', messageKey: 'accommodation:errors.channelIdUnique' },
  // An exclusion constraint, not a unique one, but it reads the same way to the user.
  snippets_name_language_key: { field: 'name', messageKey: 'snippets:errors.nameTaken' },
  tourist_tax_ranges_no_overlap: { field: 'validFrom', messageKey: 'accommodation:errors.taxRangesOverlap' },
  // Another active stay holds one of the booked units on one of these nights.
  booked_units_no_overlap: { field: 'checkin', messageKey: 'booking:errors.overlap' },
  bookings_channel_ota_code_key: { field: 'otaCode', messageKey: 'booking:errors.otaCodeTaken' },
  // Raised by the booked_units trigger (a check_violation without a constraint in the message).
  booked_units_capacity_check: { field: 'units', messageKey: 'booking:errors.capacity' },
  booked_units_accommodation_check: { field: 'units', messageKey: 'booking:errors.unitAccommodation' },
  // Raised by the booked_units trigger of migration 1796900000100: a count below the checked-in guests.
  booked_units_guests_checked_in_check: { field: 'units', messageKey: 'booking:errors.guestsCheckedIn' },
  // Raised by the country triggers (migration 1795500000000): a code NTAK does not know.
  bookings_customer_country_ntak_check: { field: 'customerCountry', messageKey: 'booking:validation.country' },
  guest_checkins_nationality_ntak_check: { field: 'nationality', messageKey: 'journey:validation.country' },
  guest_checkins_country_ntak_check: { field: 'country', messageKey: 'journey:validation.country' },
  // Checked at commit (constraint triggers): a booked unit's nights outside its booking's dates.
  booked_units_within_booking_check: { field: 'units', messageKey: 'booking:errors.unitDates' },
  // One thread per booking and one booking per thread (linking a conversation by hand).
  thread_2_bookings_booking_id_key: { field: 'bookingId', messageKey: 'inbox:link.errors.bookingHasThread' },
  thread_2_bookings_thread_id_key: { field: 'bookingId', messageKey: 'inbox:link.errors.threadHasBooking' },
  ical_import_feeds_unit_id_url_key: { field: 'url', messageKey: 'booking:ical.urlTaken' },
  ical_import_feeds_per_unit_check: { field: 'url', messageKey: 'booking:ical.tooManyFeeds' },
  // The calendar's bulk-write limits (statement triggers on unit_dates and rate_dates).
  calendar_nights_per_write_check: { field: 'nights', messageKey: 'calendar:edit.errors.tooManyNights' },
  calendar_nights_range_check: { field: 'nights', messageKey: 'calendar:edit.errors.outOfRange' },
  // A night's maximum stay: 1..365 and never below the same row's minimum stay.
  unit_dates_max_stay_check: { field: 'nights', messageKey: 'calendar:edit.errors.nightsRange' },
  rate_dates_max_stay_check: { field: 'nights', messageKey: 'calendar:edit.errors.nightsRange' },
  unit_dates_stay_order_check: { field: 'nights', messageKey: 'calendar:edit.errors.stayOrder' },
  rate_dates_stay_order_check: { field: 'nights', messageKey: 'calendar:edit.errors.stayOrder' },
};

/** Trigger-raised violations Hasura reports by their message only (no constraint "name" in it). */
const MESSAGE_CONSTRAINTS: Record<string, string> = {
  'The unit reached its maximum capacity': 'booked_units_capacity_check',
  "A booked unit must belong to the booking's accommodation": 'booked_units_accommodation_check',
  'A booked unit cannot hold fewer guests than are checked in on it': 'booked_units_guests_checked_in_check',
  "The booker's country is not a country code NTAK accepts": 'bookings_customer_country_ntak_check',
  "The guest's nationality is not a country code NTAK accepts": 'guest_checkins_nationality_ntak_check',
  "The guest's country of residence is not a country code NTAK accepts": 'guest_checkins_country_ntak_check',
  "A booked unit's nights must lie within its booking's dates": 'booked_units_within_booking_check',
  'A unit can have at most 10 calendar imports': 'ical_import_feeds_per_unit_check',
  'A calendar change can write at most 1000 nights at once': 'calendar_nights_per_write_check',
  'Calendar nights can be changed from a year ago to three years ahead': 'calendar_nights_range_check',
};

interface GraphQLErrorLike {
  message: string;
  extensions?: Record<string, unknown> | null;
}

/** The constraint a Hasura error names, e.g. `...violates unique constraint "rates_unit_id_name_key"`. */
export function constraintName(error: GraphQLErrorLike): string | null {
  if (error.extensions?.code !== 'constraint-violation') return null;
  const match = /constraint "([^"]+)"/.exec(error.message);
  if (match) return match[1];
  const byMessage = Object.keys(MESSAGE_CONSTRAINTS).find((message) => error.message.includes(message));
  return byMessage ? MESSAGE_CONSTRAINTS[byMessage] : null;
}

/** The first uniqueness violation among GraphQL errors, or null when none is known. */
export function uniquenessViolation(errors: readonly GraphQLErrorLike[], constraints: Record<string, UniquenessViolation> = UNIQUE_CONSTRAINTS): UniquenessViolation | null {
  for (const error of errors) {
    const name = constraintName(error);
    if (name && constraints[name]) return constraints[name];
  }
  return null;
}
