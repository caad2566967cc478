// Creates a unit, or updates it when the id is known (on_conflict on the primary key).
import { gql, type TypedDocumentNode } from '@apollo/client';
export const UPSERT_UNIT: TypedDocumentNode<{ insert_units_one: { id: string } | null }, { object: Record<string, unknown> }> = gql`
  mutation UpsertUnit($object: units_insert_input!) {
    insert_units_one(
      object: $object
      on_conflict: {
        constraint: units_pkey
        update_columns: [name, external_name, category, single_beds, double_beds, temp_beds, occ_adults, occ_children, occ_infants]
      }
    ) {
      id
    }
  }
`;
