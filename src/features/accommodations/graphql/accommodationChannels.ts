// Airbnb listings linked to the units of one accommodation (channels tab).
import { gql, type TypedDocumentNode } from '@apollo/client';
export interface AccommodationChannelsData {
  airbnb_units: { unit_id: string; airbnb_id: string; airbnb: { id: string; url: string | null; title: string } | null }[];
}

export const ACCOMMODATION_CHANNELS: TypedDocumentNode<AccommodationChannelsData, { id: string }> = gql`
  query AccommodationChannels($id: uuid!) {
    airbnb_units(where: { unit: { accommodation_id: { _eq: $id } } }) {
      unit_id
      airbnb_id
      airbnb {
        id
        url
        title
      }
    }
  }
`;
