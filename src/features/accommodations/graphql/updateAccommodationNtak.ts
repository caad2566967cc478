// Saves the NTAK tab (fields only; the NTAK area fills in the certificate flow).
import { gql, type TypedDocumentNode } from '@apollo/client';
export const UPDATE_ACCOMMODATION_NTAK: TypedDocumentNode<{ update_accommodations_by_pk: { id: string } | null }, { id: string; set: Record<string, unknown> }> = gql`
  mutation UpdateAccommodationNtak($id: uuid!, $set: accommodations_set_input!) {
    update_accommodations_by_pk(pk_columns: { id: $id }, _set: $set) {
      id
    }
  }
`;
