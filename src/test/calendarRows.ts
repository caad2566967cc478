// One unit row of the calendar's window answer for tests (the shape unitsFromWindow reads): a unit
// of accommodation a1 with one rate; each test overrides what it is about.
import type { WindowUnitRow } from '@/features/calendar/model';
import type { RateFragment } from '@/features/accommodations/graphql/fragments.generated';
import { rateRow } from './rateRows';

export function calendarUnitRow(id: string, over: { rate?: Partial<RateFragment>; booked_units?: WindowUnitRow['booked_units'] } = {}): WindowUnitRow {
  return {
    id,
    name: id,
    accommodation_id: 'a1',
    occ_adults: 2,
    occ_children: 0,
    occ_infants: 0,
    accommodation: { name: 'Andrássy' },
    unit_dates: [],
    rates: [{ ...rateRow({ id: `r-${id}`, unit_id: id, ...over.rate }), rate_dates: [], price_rule_assignments: [] }],
    booked_units: over.booked_units ?? [],
  };
}
