// Channel ids (Booking.com, Expedia, ...) of the units of one accommodation (channels tab).
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ChannelListingRow } from '../types';

export const UNIT_CHANNEL_LISTINGS: TypedDocumentNode<{ unit_channel_listings: ChannelListingRow[] }, { id: string }> = gql`
  query UnitChannelListings($id: uuid!) {
    unit_channel_listings(where: { unit: { accommodation_id: { _eq: $id } } }, order_by: [{ channel: asc }, { external_id: asc }]) {
      id
      unit_id
      channel
      external_id
      url
    }
  }
`;
