// The signed-in user's personal access tokens (auth.refresh_tokens of type pat) and their
// revocation. The `user` role holds these permissions, so requests ask for it explicitly
// (staff users' default role is their product role).
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface PersonalAccessTokenRow {
  id: string;
  createdAt: string;
  expiresAt: string;
  metadata: Record<string, unknown> | null;
}

export const USER_ROLE_CONTEXT = { headers: { 'x-hasura-role': 'user' } };

export const PERSONAL_ACCESS_TOKENS: TypedDocumentNode<{ authRefreshTokens: PersonalAccessTokenRow[] }, Record<string, never>> = gql`
  query PersonalAccessTokens {
    authRefreshTokens(where: { type: { _eq: pat } }, order_by: { createdAt: desc }) {
      id
      createdAt
      expiresAt
      metadata
    }
  }
`;

export const REVOKE_PERSONAL_ACCESS_TOKEN: TypedDocumentNode<{ deleteAuthRefreshToken: { id: string } | null }, { id: string }> = gql`
  mutation RevokePersonalAccessToken($id: uuid!) {
    deleteAuthRefreshToken(id: $id) {
      id
    }
  }
`;
