// Owners whose name matches, a page at a time (the owner picker), and the name of the chosen one.
// Office staff read every owner's name; a property manager the owners of what they manage.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { OwnerOption } from '../types';

export const OWNER_SEARCH: TypedDocumentNode<{ owners: OwnerOption[] }, { pattern: string; limit: number }> = gql`
  query OwnerSearch($pattern: String!, $limit: Int!) {
    owners(where: { name: { _ilike: $pattern } }, order_by: [{ name: asc }, { id: asc }], limit: $limit) {
      id
      name
    }
  }
`;

export const OWNER_NAME: TypedDocumentNode<{ owners_by_pk: OwnerOption | null }, { id: string }> = gql`
  query OwnerName($id: uuid!) {
    owners_by_pk(id: $id) {
      id
      name
    }
  }
`;
