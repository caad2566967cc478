// Deletes a rate (its derived rates go with it, by cascade).
import { gql, type TypedDocumentNode } from '@apollo/client';
export const DELETE_RATE: TypedDocumentNode<{ delete_rates_by_pk: { id: string } | null }, { id: string }> = gql`
  mutation DeleteRate($id: uuid!) {
    delete_rates_by_pk(id: $id) {
      id
    }
  }
`;
