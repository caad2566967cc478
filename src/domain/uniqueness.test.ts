import { describe, expect, it } from 'vitest';
import { constraintName, uniquenessViolation } from './uniqueness';

const violation = (constraint: string) => ({
  message: `Uniqueness violation. duplicate key value violates unique constraint "${constraint}"`,
  extensions: { code: 'constraint-violation', path: '$.selectionSet.insert_rates_one.args.object' },
});

describe('uniqueness errors', () => {
  it('reads the constraint a Hasura error names', () => {
    expect(constraintName(violation('rates_unit_id_name_key'))).toBe('rates_unit_id_name_key');
    expect(constraintName({ message: 'constraint "x"', extensions: { code: 'permission-error' } })).toBeNull();
  });

  it('maps the three section 8 uniqueness rules to fields and messages', () => {
    expect(uniquenessViolation([violation('units_accommodation_id_name_key')])).toEqual({ field: 'name', messageKey: 'accommodation:errors.unitNameUnique' });
    expect(uniquenessViolation([violation('rates_unit_id_name_key')])).toEqual({ field: 'name', messageKey: 'rate:errors.rateNameUnique' });
    expect(uniquenessViolation([violation('rates_unit_id_occupancy_currency_key')])).toEqual({ field: 'occupancy', messageKey: 'rate:errors.occupancyCurrencyUnique' });
    expect(uniquenessViolation([violation('files_pkey')])).toBeNull();
  });

  it('maps the non-overlapping tax ranges rule to the valid-from field', () => {
    const overlap = { message: 'Conflicting key value violates exclusion constraint "tourist_tax_ranges_no_overlap"', extensions: { code: 'constraint-violation' } };
    expect(uniquenessViolation([{ message: 'other', extensions: { code: 'validation-failed' } }, overlap])).toEqual({ field: 'validFrom', messageKey: 'accommodation:errors.taxRangesOverlap' });
  });

  it('maps a double booking, a taken OTA code and the capacity trigger to the booking form', () => {
    const overlap = { message: 'Exclusion violation. conflicting key value violates exclusion constraint "booked_units_no_overlap"', extensions: { code: 'constraint-violation' } };
    expect(uniquenessViolation([overlap])).toEqual({ field: 'checkin', messageKey: 'booking:errors.overlap' });
    expect(uniquenessViolation([violation('bookings_channel_ota_code_key')])).toEqual({ field: 'otaCode', messageKey: 'booking:errors.otaCodeTaken' });
    const capacity = { message: 'Check constraint violation. The unit reached its maximum capacity', extensions: { code: 'constraint-violation' } };
    expect(uniquenessViolation([capacity])).toEqual({ field: 'units', messageKey: 'booking:errors.capacity' });
    expect(uniquenessViolation([{ message: 'Check constraint violation. A unit can have at most 10 calendar imports', extensions: { code: 'constraint-violation' } }])).toEqual({ field: 'url', messageKey: 'booking:ical.tooManyFeeds' });
    // The same text under another code (a permission error) is not a violation of the rule.
    expect(uniquenessViolation([{ ...capacity, extensions: { code: 'permission-error' } }])).toBeNull();
  });
});
