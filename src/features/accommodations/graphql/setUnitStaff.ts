// Connects the chosen property managers and cleaners to every unit of an accommodation.
import { gql, type TypedDocumentNode } from '@apollo/client';
export interface SetUnitStaffVariables {
  unitIds: string[];
  links: { unit_id: string; user_id: string; connection_type: 'manager' | 'cleaner' }[];
}

export const SET_UNIT_STAFF: TypedDocumentNode<{ insert_unit_2_users: { affected_rows: number } | null }, SetUnitStaffVariables> = gql`
  mutation SetUnitStaff($unitIds: [uuid!]!, $links: [unit_2_users_insert_input!]!) {
    delete_unit_2_users(where: { unit_id: { _in: $unitIds } }) {
      affected_rows
    }
    insert_unit_2_users(objects: $links) {
      affected_rows
    }
  }
`;
