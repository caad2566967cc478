// Property managers and cleaners connected to the units of one accommodation.
import { gql, type TypedDocumentNode } from '@apollo/client';
export interface AccommodationStaffData {
  unit_2_users: { unit_id: string; user_id: string; connection_type: 'manager' | 'cleaner' }[];
}

export const ACCOMMODATION_STAFF: TypedDocumentNode<AccommodationStaffData, { id: string }> = gql`
  query AccommodationStaff($id: uuid!) {
    unit_2_users(where: { unit: { accommodation_id: { _eq: $id } } }) {
      unit_id
      user_id
      connection_type
    }
  }
`;
