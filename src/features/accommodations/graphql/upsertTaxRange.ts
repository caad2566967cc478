// Creates or updates a tourist-tax range.
import { gql, type TypedDocumentNode } from '@apollo/client';
export const UPSERT_TAX_RANGE: TypedDocumentNode<{ insert_tourist_tax_ranges_one: { id: string } | null }, { object: Record<string, unknown> }> = gql`
  mutation UpsertTaxRange($object: tourist_tax_ranges_insert_input!) {
    insert_tourist_tax_ranges_one(
      object: $object
      on_conflict: { constraint: tourist_tax_ranges_pkey, update_columns: [type, currency, inclusive, value, valid_from, valid_to, max_nights, issue_on_cleaning] }
    ) {
      id
    }
  }
`;
