// Property managers or cleaners whose name matches, a page at a time (the staff pickers). Reads
// the staff_users view: id and name only, so managers see no one's email or sign-in data.
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PersonOption } from '../types';

export interface StaffSearchData {
  staff_users: { id: string; display_name: string | null }[];
}

export const STAFF_SEARCH: TypedDocumentNode<StaffSearchData, { where: Record<string, unknown>; limit: number }> = gql`
  query StaffSearch($where: staff_users_bool_exp!, $limit: Int!) {
    staff_users(where: $where, order_by: [{ display_name: asc }, { id: asc }], limit: $limit) {
      id
      display_name
    }
  }
`;

export const STAFF_NAMES: TypedDocumentNode<StaffSearchData, { ids: string[] }> = gql`
  query StaffNames($ids: [uuid!]!) {
    staff_users(where: { id: { _in: $ids } }) {
      id
      display_name
    }
  }
`;

export function staffSearchWhere(kind: 'manager' | 'cleaner', pattern: string): Record<string, unknown> {
  return { [kind === 'manager' ? 'is_manager' : 'is_cleaner']: { _eq: true }, display_name: { _ilike: pattern } };
}

export function toPeople(data: StaffSearchData | undefined): PersonOption[] {
  return (data?.staff_users ?? []).map((row) => ({ id: row.id, displayName: row.display_name ?? row.id }));
}
