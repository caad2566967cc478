// Rows of the accommodation area under the names its components use: each one is the type the
// generator made from the entity's fragment in ./graphql/fragments.graphql, never written by hand.
import type {
  AccommodationDetailsFragment,
  AccommodationFileFragment,
  AccommodationListItemFragment,
  AirbnbLinkFragment,
  ChannelListingFragment,
  ExpenseFactoryFragment,
  LabelFragment,
  OwnerOptionFragment,
  RateFragment,
  TaxRangeFragment,
  UnitFragment,
} from './graphql/fragments.generated';

export type AmountType = 'FIX' | 'PERCENT';

export type LabelRow = LabelFragment;
export type AccommodationListRow = AccommodationListItemFragment;
export type RateRow = RateFragment;
export type ExpenseFactoryRow = ExpenseFactoryFragment;
export type UnitRow = UnitFragment;
export type TaxRangeRow = TaxRangeFragment;
export type AccommodationFileRow = AccommodationFileFragment;
export type AccommodationDetails = AccommodationDetailsFragment;
export type OwnerOption = OwnerOptionFragment;
/** An Airbnb listing linked to a unit (channels tab). */
export type AirbnbLink = AirbnbLinkFragment;
/** A unit's id on another channel (Booking.com, Expedia, ...), channels tab. */
export type ChannelListingRow = ChannelListingFragment;

/** Someone who can be connected to units (the staff_users view: id and name only). */
export interface PersonOption {
  id: string;
  displayName: string;
}
