// Owners to filter by, taken from the accommodations the role can see (not every role may read owners).
import { gql, type TypedDocumentNode } from '@apollo/client';
export interface AccommodationOwnerOptionsData {
  accommodations: { owner_id: string | null; owner_name: string | null }[];
}

export const ACCOMMODATION_OWNER_OPTIONS: TypedDocumentNode<AccommodationOwnerOptionsData, Record<string, never>> = gql`
  query AccommodationOwnerOptions {
    accommodations(distinct_on: owner_id, order_by: [{ owner_id: asc }], where: { owner_id: { _is_null: false } }) {
      owner_id
      owner_name
    }
  }
`;
