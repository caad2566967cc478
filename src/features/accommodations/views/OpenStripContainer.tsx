// The open-editors strip with names loaded for the stored ids; closing the active one goes back
// to the list.
import { memo } from 'react';
import { useRouter } from 'next/router';
import { useQuery } from '@apollo/client/react';
import { OpenAccommodationsStrip } from '../components/OpenAccommodationsStrip';
import { OpenAccommodationNamesDocument } from '../graphql/openAccommodationNames.generated';
import { useOpenAccommodations } from '../hooks/useOpenAccommodations';
import { accommodationListUrl, accommodationUrl } from '../urls';

// Memoised: the list view re-renders for each of its queries' answers; the strip has its own query.
export const OpenStripContainer = memo(function OpenStripContainer({ activeId }: { activeId: string | null }) {
  const router = useRouter();
  const { open, close } = useOpenAccommodations();
  const names = useQuery(OpenAccommodationNamesDocument, { variables: { ids: open }, skip: open.length === 0 });
  const nameOf = new Map((names.data?.accommodations ?? []).map((a) => [a.id, a.name]));
  return (
    <OpenAccommodationsStrip
      open={open.map((id) => ({ id, name: nameOf.get(id) ?? '…' }))}
      activeId={activeId}
      onSelect={(id) => void router.push(accommodationUrl(id))}
      onClose={(id) => {
        close(id);
        if (id === activeId) void router.push(accommodationListUrl());
      }}
    />
  );
});
