// Labels of the accommodations on the current table page (a second query: owners may not read labels).
import { gql, type TypedDocumentNode } from '@apollo/client';
export interface AccommodationListLabelsData {
  accommodation_labels: { accommodation_id: string; label: { id: string; name: string; color: string } }[];
}

export const ACCOMMODATION_LIST_LABELS: TypedDocumentNode<AccommodationListLabelsData, { ids: string[] }> = gql`
  query AccommodationListLabels($ids: [uuid!]!) {
    accommodation_labels(where: { accommodation_id: { _in: $ids } }) {
      accommodation_id
      label {
        id
        name
        color
      }
    }
  }
`;
