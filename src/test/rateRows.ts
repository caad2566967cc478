// One rate row for tests, as the Rate fragment returns it (the rate editor, the calendar and the
// assigner all read these columns); each test overrides what it is about.
import type { RateFragment } from '@/features/accommodations/graphql/fragments.generated';

export function rateRow(over: Partial<RateFragment> = {}): RateFragment {
  return {
    id: 'r1',
    unit_id: 'u1',
    name: 'Standard',
    occupancy: 2,
    currency: 'EUR',
    price: '100',
    min_price: null,
    max_price: null,
    min_stay: 1,
    max_stay: null,
    modifier_direction: null,
    modifier_type: null,
    modifier_value: null,
    parent_rate_id: null,
    derived_change_type: null,
    derived_change_value: null,
    inherit_closed_to_arrival: false,
    inherit_closed_to_departure: false,
    ...over,
  };
}
