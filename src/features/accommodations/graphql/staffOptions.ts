// Staff users who can be connected to units as property managers or cleaners.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PersonOption } from '../types';

export interface StaffOptionsData {
  users: PersonOption[];
}

export const STAFF_OPTIONS: TypedDocumentNode<StaffOptionsData, Record<string, never>> = gql`
  query StaffOptions {
    users(order_by: { displayName: asc }) {
      id
      displayName
      email
    }
  }
`;
