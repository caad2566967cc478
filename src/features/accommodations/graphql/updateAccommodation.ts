// Saves the basics (or NTAK) tab; labels are replaced in the same transaction.
import { gql, type TypedDocumentNode } from '@apollo/client';
export interface UpdateAccommodationVariables {
  id: string;
  set: Record<string, unknown>;
  labels: { accommodation_id: string; label_id: string }[];
}

export const UPDATE_ACCOMMODATION: TypedDocumentNode<{ update_accommodations_by_pk: { id: string } | null }, UpdateAccommodationVariables> = gql`
  mutation UpdateAccommodation($id: uuid!, $set: accommodations_set_input!, $labels: [accommodation_labels_insert_input!]!) {
    update_accommodations_by_pk(pk_columns: { id: $id }, _set: $set) {
      id
    }
    delete_accommodation_labels(where: { accommodation_id: { _eq: $id } }) {
      affected_rows
    }
    insert_accommodation_labels(objects: $labels) {
      affected_rows
    }
  }
`;
