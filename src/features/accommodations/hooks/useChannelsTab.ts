// The channels tab: Airbnb links and other channels' ids per unit, add and remove each.
import { useMutation, useQuery } from '@apollo/client/react';
import { refetching } from '@/lib/apollo/refetching';
import { useWrite } from '@/components/form/useWrite';
import type { ChannelListingValues } from '@/domain/accommodations/channelListings';
import type { EditorCapabilities } from '../capabilities';
import { AccommodationChannelsDocument } from '../graphql/accommodationChannels.generated';
import { DeleteChannelListingDocument } from '../graphql/deleteChannelListing.generated';
import { InsertChannelListingDocument } from '../graphql/insertChannelListing.generated';
import { LinkAirbnbDocument } from '../graphql/linkAirbnb.generated';
import { UnitChannelListingsDocument } from '../graphql/unitChannelListings.generated';
import { UnlinkAirbnbDocument } from '../graphql/unlinkAirbnb.generated';
import type { ChannelListingRow } from '../types';
import { useAccommodation } from './useAccommodation';

const AIRBNB_REFETCH = refetching('AccommodationChannels');
const LISTINGS_REFETCH = refetching('UnitChannelListings');

export function useChannelsTab(id: string, can: EditorCapabilities) {
  const write = useWrite();
  const { units } = useAccommodation(id);
  const channels = useQuery(AccommodationChannelsDocument, { variables: { id }, skip: !can.readsChannels });
  const listings = useQuery(UnitChannelListingsDocument, { variables: { id }, skip: !can.readsChannelListings });
  const [linkAirbnb] = useMutation(LinkAirbnbDocument, AIRBNB_REFETCH);
  const [unlinkAirbnb] = useMutation(UnlinkAirbnbDocument, AIRBNB_REFETCH);
  const [insertListing] = useMutation(InsertChannelListingDocument, LISTINGS_REFETCH);
  const [deleteListing] = useMutation(DeleteChannelListingDocument, LISTINGS_REFETCH);
  return {
    units,
    airbnbLinks: can.readsChannels ? (channels.data?.airbnb_units ?? []) : null,
    listings: listings.data?.unit_channel_listings ?? [],
    readOnly: !can.channels,
    onAddListing: (unitId: string, values: ChannelListingValues) =>
      write(() => insertListing({ variables: { object: { unit_id: unitId, channel: values.channel, external_id: values.externalId, url: values.url } } })),
    onRemoveListing: async (listing: ChannelListingRow) => void (await write(() => deleteListing({ variables: { id: listing.id } }), 'deleted')),
    onLink: async (unitId: string, listing: { id: string; url: string | null }) => {
      const unitName = units.find((u) => u.id === unitId)?.name ?? listing.id;
      await write(() => linkAirbnb({ variables: { airbnbId: listing.id, url: listing.url, title: unitName, unitId } }));
    },
    onUnlink: async (unitId: string, airbnbId: string) => void (await write(() => unlinkAirbnb({ variables: { unitId, airbnbId } }), 'deleted')),
  };
}
