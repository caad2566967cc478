// Owners to choose on the basics tab (roles that may not read owners get an error and no choice).
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { OwnerOption } from '../types';

export const OWNERS: TypedDocumentNode<{ owners: OwnerOption[] }, Record<string, never>> = gql`
  query Owners {
    owners(order_by: { name: asc }) {
      id
      name
    }
  }
`;
