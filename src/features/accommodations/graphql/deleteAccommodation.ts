// Deletes an accommodation (administrators only; the database refuses while bookings, expenses
// or registry submissions point at it).
import { gql, type TypedDocumentNode } from '@apollo/client';

export const DELETE_ACCOMMODATION: TypedDocumentNode<{ delete_accommodations_by_pk: { id: string } | null }, { id: string }> = gql`
  mutation DeleteAccommodation($id: uuid!) {
    delete_accommodations_by_pk(id: $id) {
      id
    }
  }
`;
