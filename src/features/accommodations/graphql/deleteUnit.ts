// Deletes a unit with its rates and fees (cascade in the database).
import { gql, type TypedDocumentNode } from '@apollo/client';
export const DELETE_UNIT: TypedDocumentNode<{ delete_units_by_pk: { id: string } | null }, { id: string }> = gql`
  mutation DeleteUnit($id: uuid!) {
    delete_units_by_pk(id: $id) {
      id
    }
  }
`;
