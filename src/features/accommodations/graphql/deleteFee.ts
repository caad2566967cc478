// Deletes an expense factory.
import { gql, type TypedDocumentNode } from '@apollo/client';
export const DELETE_FEE: TypedDocumentNode<{ delete_expense_factories_by_pk: { id: string } | null }, { id: string }> = gql`
  mutation DeleteFee($id: uuid!) {
    delete_expense_factories_by_pk(id: $id) {
      id
    }
  }
`;
