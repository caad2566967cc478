// What every role that may see an accommodation can read of it: the editor's main query. Labels,
// staff, channels and certificates are separate queries because only some roles may read them.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AccommodationDetails } from '../types';

export interface AccommodationDetailsData {
  accommodations_by_pk: AccommodationDetails | null;
}

export const ACCOMMODATION_DETAILS: TypedDocumentNode<AccommodationDetailsData, { id: string }> = gql`
  query AccommodationDetails($id: uuid!) {
    accommodations_by_pk(id: $id) {
      id
      name
      external_name
      owner_id
      owner_name
      tax_id
      vat_rate
      city
      country
      zip
      address
      is_hidden
      ntak_id
      ntak_name
      skip_ntak
      pm_contract_file_id
      manager_contract_file_id
      accommodation_files(order_by: { position: asc }) {
        accommodation_id
        file_id
        position
        caption
      }
      tourist_tax_ranges(order_by: { valid_from: asc }) {
        id
        type
        currency
        inclusive
        value
        valid_from
        valid_to
        max_nights
        issue_on_cleaning
      }
      units(order_by: [{ position: asc }, { name: asc }]) {
        id
        name
        external_name
        category
        single_beds
        double_beds
        temp_beds
        occ_adults
        occ_children
        occ_infants
        expense_factories(order_by: { name: asc }) {
          id
          name
          unit_id
          type
          minimum
          value
          currency
          expense_type
        }
        rates(order_by: { name: asc }) {
          id
          unit_id
          name
          occupancy
          currency
          price
          min_price
          max_price
          min_stay
          max_stay
          modifier_direction
          modifier_type
          modifier_value
          parent_rate_id
          derived_change_type
          derived_change_value
          inherit_closed_to_arrival
          inherit_closed_to_departure
        }
      }
    }
  }
`;
