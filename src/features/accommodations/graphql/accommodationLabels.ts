// The labels of one accommodation (basics tab).
import { gql, type TypedDocumentNode } from '@apollo/client';
export const ACCOMMODATION_LABELS: TypedDocumentNode<{ accommodation_labels: { label_id: string }[] }, { id: string }> = gql`
  query AccommodationLabels($id: uuid!) {
    accommodation_labels(where: { accommodation_id: { _eq: $id } }) {
      label_id
    }
  }
`;
