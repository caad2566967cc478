// What a quote reads. First, as the caller: may they read the unit and the rate? (Permissions
// live in Hasura metadata; asking the engine with the caller's own token is the only way to apply
// them exactly.) Then, with the admin secret, in one request, only what the rules need: the unit's
// capacity and unit_dates of the stay, the rate and its parents with their rate_dates of the stay
// and assigned price rules, the accommodation's tax ranges overlapping the stay and the asked
// fees, and the unit's stays overlapping it. A chain of derived rates deeper than PARENT_DEPTH
// costs one more request per PARENT_DEPTH levels.
import type { FeeRow, RateRow, TaxRangeRow, UnitRow } from '../../src/domain/pricing/rows';
import { graphql, type Credentials, type GraphqlError } from './graphql';
import type { QuoteInput } from './input';

const PARENT_DEPTH = 4;

export type AccessResult = 'ok' | 'unauthorized' | 'forbidden' | 'unknown-unit' | 'unknown-rate';

const ACCESS_QUERY = `query QuoteAccess($unitId: uuid!, $rateId: uuid!) {
  units_by_pk(id: $unitId) { id }
  rates(where: {id: {_eq: $rateId}, unit_id: {_eq: $unitId}}, limit: 1) { id }
}`;

const AUTH_ERRORS = new Set(['invalid-jwt', 'invalid-headers', 'jwt-invalid-claims', 'jwt-missing-role-claims', 'access-denied']);

/**
 * Whether the caller may quote this unit and rate: their token must read both (communicators and
 * members: all; managers: managed; owners: owned; admins). A role without read access to rates
 * (cleaner, inspector, contractor) is forbidden; a unit or rate the caller cannot see answers the
 * same as one that does not exist, so ids cannot be probed.
 */
export async function checkAccess(caller: Credentials, input: Pick<QuoteInput, 'unitId' | 'rateId'>): Promise<AccessResult> {
  const answer = await graphql<{ units_by_pk: { id: string } | null; rates: { id: string }[] }>(caller, ACCESS_QUERY, { unitId: input.unitId, rateId: input.rateId });
  if (answer.errors.length) return classify(answer.errors);
  if (!answer.data?.units_by_pk) return 'unknown-unit';
  if (!answer.data.rates.length) return 'unknown-rate';
  return 'ok';
}

function classify(errors: GraphqlError[]): AccessResult {
  if (errors.some((e) => AUTH_ERRORS.has(e.extensions?.code ?? ''))) return 'unauthorized';
  // Anything else (a field the role does not have, e.g. rates for a cleaner) means no access.
  return 'forbidden';
}

const RATE_FIELDS = `id unit_id name occupancy currency price min_price max_price min_stay max_stay
  modifier_direction modifier_type modifier_value parent_rate_id derived_change_type derived_change_value
  inherit_closed_to_arrival inherit_closed_to_departure
  rate_dates(where: {date: {_gte: $from, _lte: $to}}) { date price is_closed closed_to_arrival closed_to_departure min_stay max_stay }
  price_rule_assignments { price_rule { id name type priority conditions results is_active } }`;

/** rates_by_pk with its parents nested PARENT_DEPTH deep. */
function rateSelection(depth: number): string {
  return depth === 0 ? RATE_FIELDS : `${RATE_FIELDS} parent_rate { ${rateSelection(depth - 1)} }`;
}

const DATA_QUERY = `query QuoteData($unitId: uuid!, $rateId: uuid!, $from: date!, $to: date!, $feeIds: [uuid!]!, $stays: booked_units_bool_exp!) {
  units_by_pk(id: $unitId) {
    occ_adults occ_children occ_infants
    unit_dates(where: {date: {_gte: $from, _lte: $to}}) { date is_closed min_stay max_stay }
    accommodation {
      tourist_tax_ranges(where: {_and: [{_or: [{valid_from: {_is_null: true}}, {valid_from: {_lt: $to}}]}, {_or: [{valid_to: {_is_null: true}}, {valid_to: {_gte: $from}}]}]}) {
        id type currency inclusive value valid_from valid_to max_nights issue_on_cleaning
      }
      fees(where: {id: {_in: $feeIds}}) { id name type value currency per_night per_guest }
    }
  }
  rates_by_pk(id: $rateId) { ${rateSelection(PARENT_DEPTH)} }
  booked_units(where: $stays) { checkin checkout }
}`;

const PARENTS_QUERY = `query QuoteParents($rateId: uuid!, $from: date!, $to: date!) {
  rates_by_pk(id: $rateId) { ${rateSelection(PARENT_DEPTH)} }
}`;

type NestedRate = RateRow & { parent_rate?: NestedRate | null };

export interface QuoteRows {
  unit: UnitRow;
  rates: RateRow[];
  taxRanges: TaxRangeRow[];
  fees: FeeRow[];
  stays: { checkin: string; checkout: string }[];
  /** GraphQL round trips this load took (1 unless a derived chain is very deep). */
  roundTrips: number;
}

function flatten(rate: NestedRate | null | undefined, into: RateRow[]): string | null {
  let current = rate;
  while (current) {
    const { parent_rate: parent, ...row } = current;
    into.push(row);
    if (!row.parent_rate_id) return null;
    if (!parent) return into.some((r) => r.id === row.parent_rate_id) ? null : row.parent_rate_id;
    if (into.some((r) => r.id === parent.id)) return null; // a cycle: the engine reports it
    current = parent;
  }
  return null;
}

/** Everything the engine needs for the quote, read with the admin secret; null when the unit is gone. */
export async function loadQuoteRows(input: QuoteInput): Promise<QuoteRows | null> {
  const stays: Record<string, unknown> = { unit_id: { _eq: input.unitId }, is_cancelled: { _eq: false }, checkin: { _lt: input.checkOut }, checkout: { _gt: input.checkIn } };
  if (input.excludeBookingId) stays.booking_id = { _neq: input.excludeBookingId };
  const range = { from: input.checkIn, to: input.checkOut };
  const answer = await graphql<{ units_by_pk: (UnitRow & { accommodation: { tourist_tax_ranges: TaxRangeRow[]; fees: FeeRow[] } }) | null; rates_by_pk: NestedRate | null; booked_units: { checkin: string; checkout: string }[] }>(
    { admin: true },
    DATA_QUERY,
    { unitId: input.unitId, rateId: input.rateId, ...range, feeIds: input.fees, stays },
  );
  if (answer.errors.length) throw new Error(`quote data: ${answer.errors.map((e) => e.message).join('; ')}`);
  const data = answer.data;
  if (!data?.units_by_pk || !data.rates_by_pk) return null;
  const rates: RateRow[] = [];
  let missing = flatten(data.rates_by_pk, rates);
  let roundTrips = 1;
  while (missing && roundTrips < 10) {
    const more = await graphql<{ rates_by_pk: NestedRate | null }>({ admin: true }, PARENTS_QUERY, { rateId: missing, ...range });
    roundTrips += 1;
    if (more.errors.length) throw new Error(`quote parents: ${more.errors.map((e) => e.message).join('; ')}`);
    missing = flatten(more.data?.rates_by_pk, rates);
  }
  const { accommodation, ...unit } = data.units_by_pk;
  return { unit, rates, taxRanges: accommodation.tourist_tax_ranges, fees: accommodation.fees, stays: data.booked_units, roundTrips };
}
