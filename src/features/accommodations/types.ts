// Rows of the accommodation area as the GraphQL engine returns them (snake_case columns of
// nhost/migrations), typed by hand for the documents in ./graphql.
import type { Currency } from '@/domain/money';

export type AmountType = 'FIX' | 'PERCENT';

export interface LabelRow {
  id: string;
  name: string;
  color: string;
}

export interface AccommodationListRow {
  id: string;
  name: string;
  external_name: string | null;
  city: string;
  zip: string;
  address: string;
  country: string;
  is_hidden: boolean;
  owner_name: string | null;
  ntak_id: string | null;
  units: { id: string }[];
}

export interface RateRow {
  id: string;
  unit_id: string;
  name: string;
  occupancy: number;
  currency: Currency;
  price: number;
  min_price: number | null;
  max_price: number | null;
  min_stay: number;
  max_stay: number | null;
  modifier_direction: 'increase' | 'decrease' | null;
  modifier_type: AmountType | null;
  modifier_value: number | null;
  parent_rate_id: string | null;
  derived_change_type: AmountType | null;
  derived_change_value: number | null;
  inherit_closed_to_arrival: boolean;
  inherit_closed_to_departure: boolean;
}

export interface ExpenseFactoryRow {
  id: string;
  name: string;
  unit_id: string;
  type: AmountType;
  minimum: number;
  value: number;
  currency: Currency;
  expense_type: string;
}

export interface UnitRow {
  id: string;
  name: string;
  external_name: string | null;
  category: string;
  single_beds: number;
  double_beds: number;
  temp_beds: number;
  occ_adults: number;
  occ_children: number;
  occ_infants: number;
  expense_factories: ExpenseFactoryRow[];
  rates: RateRow[];
}

export interface TaxRangeRow {
  id: string;
  type: AmountType;
  currency: Currency;
  inclusive: boolean;
  value: number;
  valid_from: string;
  valid_to: string | null;
  max_nights: number | null;
  issue_on_cleaning: boolean;
}

export interface AccommodationFileRow {
  accommodation_id: string;
  file_id: string;
  position: number;
  caption: string | null;
}

export interface AccommodationDetails {
  id: string;
  name: string;
  external_name: string | null;
  owner_id: string | null;
  owner_name: string | null;
  tax_id: string | null;
  vat_rate: number;
  city: string;
  country: string;
  zip: string;
  address: string;
  is_hidden: boolean;
  ntak_id: string | null;
  ntak_name: string | null;
  skip_ntak: boolean;
  pm_contract_file_id: string | null;
  manager_contract_file_id: string | null;
  accommodation_files: AccommodationFileRow[];
  tourist_tax_ranges: TaxRangeRow[];
  units: UnitRow[];
}

/** Someone who can be connected to units (the staff_users view: id and name only). */
export interface PersonOption {
  id: string;
  displayName: string;
}

export interface OwnerOption {
  id: string;
  name: string;
}

/** An Airbnb listing linked to a unit (channels tab). */
export interface AirbnbLink {
  unit_id: string;
  airbnb_id: string;
  airbnb: { id: string; url: string | null; title: string } | null;
}

/** A unit's id on another channel (Booking.com, Expedia, ...), channels tab. */
export interface ChannelListingRow {
  id: string;
  unit_id: string;
  channel: string;
  external_id: string;
  url: string | null;
}
