// Deletes a tourist-tax range.
import { gql, type TypedDocumentNode } from '@apollo/client';
export const DELETE_TAX_RANGE: TypedDocumentNode<{ delete_tourist_tax_ranges_by_pk: { id: string } | null }, { id: string }> = gql`
  mutation DeleteTaxRange($id: uuid!) {
    delete_tourist_tax_ranges_by_pk(id: $id) {
      id
    }
  }
`;
