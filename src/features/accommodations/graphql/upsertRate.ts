// Creates or updates a rate.
import { gql, type TypedDocumentNode } from '@apollo/client';
export const UPSERT_RATE: TypedDocumentNode<{ insert_rates_one: { id: string } | null }, { object: Record<string, unknown> }> = gql`
  mutation UpsertRate($object: rates_insert_input!) {
    insert_rates_one(
      object: $object
      on_conflict: {
        constraint: rates_pkey
        update_columns: [
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
        ]
      }
    ) {
      id
    }
  }
`;
