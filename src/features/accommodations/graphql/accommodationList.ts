// The table view: one page of accommodations and the count of all that match. Only columns every
// role may read, so the same query serves managers, members and owners.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AccommodationListRow } from '../types';

export interface AccommodationListData {
  accommodations: AccommodationListRow[];
  accommodations_aggregate: { aggregate: { count: number } | null };
}
export interface AccommodationListVariables {
  where: Record<string, unknown>;
  orderBy: Record<string, unknown>[];
  limit: number;
  offset: number;
}

export const ACCOMMODATION_LIST: TypedDocumentNode<AccommodationListData, AccommodationListVariables> = gql`
  query AccommodationList($where: accommodations_bool_exp!, $orderBy: [accommodations_order_by!], $limit: Int!, $offset: Int!) {
    accommodations(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) {
      id
      name
      external_name
      city
      zip
      address
      country
      is_hidden
      owner_name
      ntak_id
      units {
        id
      }
    }
    accommodations_aggregate(where: $where) {
      aggregate {
        count
      }
    }
  }
`;
