// Removes a channel id from its unit.
import { gql, type TypedDocumentNode } from '@apollo/client';

export const DELETE_CHANNEL_LISTING: TypedDocumentNode<{ delete_unit_channel_listings_by_pk: { id: string } | null }, { id: string }> = gql`
  mutation DeleteChannelListing($id: uuid!) {
    delete_unit_channel_listings_by_pk(id: $id) {
      id
    }
  }
`;
