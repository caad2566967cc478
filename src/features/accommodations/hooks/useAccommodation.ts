// The accommodation the editor shows (the query every tab reads its rows from) and the operation
// names a write refetches so every open tab sees the change.
import { useQuery } from '@apollo/client/react';
import { refetching } from '@/lib/apollo/refetching';
import { AccommodationDetailsDocument } from '../graphql/accommodationDetails.generated';

/** Refetched after writes that change the accommodation, its units, rates, ranges or images. */
export const DETAILS_REFETCH = refetching('AccommodationDetails');

export function useAccommodation(id: string, skip = false) {
  const details = useQuery(AccommodationDetailsDocument, { variables: { id }, skip });
  const accommodation = details.data?.accommodations_by_pk ?? null;
  return { accommodation, units: accommodation?.units ?? [], loading: details.loading, error: details.error };
}
