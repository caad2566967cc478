// Maps a channel id (Booking.com, Expedia, ...) to a unit; (channel, external id) is unique.
import { gql, type TypedDocumentNode } from '@apollo/client';

export interface InsertChannelListingVariables {
  object: { unit_id: string; channel: string; external_id: string; url: string | null };
}

export const INSERT_CHANNEL_LISTING: TypedDocumentNode<{ insert_unit_channel_listings_one: { id: string } | null }, InsertChannelListingVariables> = gql`
  mutation InsertChannelListing($object: unit_channel_listings_insert_input!) {
    insert_unit_channel_listings_one(object: $object) {
      id
    }
  }
`;
