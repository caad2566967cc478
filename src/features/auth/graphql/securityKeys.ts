// The signed-in user's security keys (auth.user_security_keys): names only, never the credential.
// Like personal access tokens, the `user` role holds these permissions (USER_ROLE_CONTEXT).
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface SecurityKeyRow {
  id: string;
  nickname: string | null;
}

export const SECURITY_KEYS: TypedDocumentNode<{ authUserSecurityKeys: SecurityKeyRow[] }, Record<string, never>> = gql`
  query SecurityKeys {
    authUserSecurityKeys(order_by: [{ nickname: asc_nulls_last }, { id: asc }]) {
      id
      nickname
    }
  }
`;

export const RENAME_SECURITY_KEY: TypedDocumentNode<{ updateAuthUserSecurityKey: SecurityKeyRow | null }, { id: string; nickname: string | null }> = gql`
  mutation RenameSecurityKey($id: uuid!, $nickname: String) {
    updateAuthUserSecurityKey(pk_columns: { id: $id }, _set: { nickname: $nickname }) {
      id
      nickname
    }
  }
`;

export const REMOVE_SECURITY_KEY: TypedDocumentNode<{ deleteAuthUserSecurityKey: { id: string } | null }, { id: string }> = gql`
  mutation RemoveSecurityKey($id: uuid!) {
    deleteAuthUserSecurityKey(id: $id) {
      id
    }
  }
`;
