// Names for the strip of open editors.
import { gql, type TypedDocumentNode } from '@apollo/client';

export const OPEN_ACCOMMODATION_NAMES: TypedDocumentNode<{ accommodations: { id: string; name: string }[] }, { ids: string[] }> = gql`
  query OpenAccommodationNames($ids: [uuid!]!) {
    accommodations(where: { id: { _in: $ids } }) {
      id
      name
    }
  }
`;
