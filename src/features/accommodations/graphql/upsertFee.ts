// Creates or updates an expense factory (a fee generated per booking or cleaning).
import { gql, type TypedDocumentNode } from '@apollo/client';
export const UPSERT_FEE: TypedDocumentNode<{ insert_expense_factories_one: { id: string } | null }, { object: Record<string, unknown> }> = gql`
  mutation UpsertFee($object: expense_factories_insert_input!) {
    insert_expense_factories_one(
      object: $object
      on_conflict: { constraint: expense_factories_pkey, update_columns: [name, unit_id, type, minimum, value, currency, expense_type] }
    ) {
      id
    }
  }
`;
