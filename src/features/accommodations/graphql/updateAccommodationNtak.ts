// Sets a few accommodation columns without touching labels: the NTAK tab's fields (the NTAK area
// fills in the certificate flow later) and the contract files of the basics tab.
import { gql, type TypedDocumentNode } from '@apollo/client';
export const UPDATE_ACCOMMODATION_NTAK: TypedDocumentNode<{ update_accommodations_by_pk: { id: string } | null }, { id: string; set: Record<string, unknown> }> = gql`
  mutation UpdateAccommodationNtak($id: uuid!, $set: accommodations_set_input!) {
    update_accommodations_by_pk(pk_columns: { id: $id }, _set: $set) {
      id
    }
  }
`;
