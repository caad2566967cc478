// The calendar sync screen's data and writes: units with their export URL and import feeds; add,
// switch off/on and delete feeds, rotate a unit's export token, and poll a feed now.
import { useCallback, useMemo } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNhostClient } from '@nhost/nextjs';
import type { SaveResult } from '@/components/form/submit';
import { useWrite } from '@/components/form/useWrite';
import type { IcalFeedValues } from '@/domain/ical/feedSchema';
import { refetching } from '@/lib/apollo/refetching';
import { callFunction } from '@/lib/functions/contract';
import { icalSyncFunction, type IcalSyncResponse } from '@/lib/functions/icalSync';
import { nhostEnvFromProcess, resolveNhostUrls } from '@/lib/nhost/config';
import { DeleteIcalFeedDocument } from '../graphql/deleteIcalFeed.generated';
import type { IcalFeedFragment } from '../graphql/fragments.generated';
import { IcalSyncDocument } from '../graphql/icalSync.generated';
import { InsertIcalFeedDocument } from '../graphql/insertIcalFeed.generated';
import { RotateIcalTokenDocument } from '../graphql/rotateIcalToken.generated';
import { UpdateIcalFeedDocument } from '../graphql/updateIcalFeed.generated';

export interface UnitSync {
  id: string;
  name: string;
  accommodationName: string;
  exportUrl: string | null;
  feeds: IcalFeedFragment[];
}

/** The public URL channels poll for a unit (the functions service, e.g. https://<sub>.functions.<region>.nhost.run/v1). */
export function exportUrlOf(token: string, functionsUrl = resolveNhostUrls(nhostEnvFromProcess()).functionsUrl): string {
  return `${functionsUrl}/ical/export?token=${token}`;
}

export function useIcalSync() {
  const sync = useQuery(IcalSyncDocument, { fetchPolicy: 'cache-and-network' });
  const write = useWrite();
  const nhost = useNhostClient();
  const refetch = refetching('IcalSync', 'IcalFeedProblems');
  const [insertFeed] = useMutation(InsertIcalFeedDocument, refetch);
  const [updateFeed] = useMutation(UpdateIcalFeedDocument, refetch);
  const [deleteFeed] = useMutation(DeleteIcalFeedDocument, refetch);
  const [rotate] = useMutation(RotateIcalTokenDocument, refetching('IcalSync'));

  const units = useMemo<UnitSync[]>(() => {
    const data = sync.data;
    if (!data) return [];
    const tokens = new Map(data.unit_ical_exports.map((e) => [e.unit_id, e.token]));
    return data.units.map((u) => {
      const token = tokens.get(u.id);
      return { id: u.id, name: u.name, accommodationName: u.accommodation.name, exportUrl: token ? exportUrlOf(token) : null, feeds: data.ical_import_feeds.filter((f) => f.unit_id === u.id) };
    });
  }, [sync.data]);

  const addFeed = useCallback((unitId: string, values: IcalFeedValues): Promise<SaveResult> => write(() => insertFeed({ variables: { object: { unit_id: unitId, channel: values.channel, url: values.url.trim() } } })), [write, insertFeed]);
  const setActive = useCallback((id: string, isActive: boolean) => write(() => updateFeed({ variables: { id, isActive } })), [write, updateFeed]);
  const removeFeed = useCallback((id: string) => write(() => deleteFeed({ variables: { id } }), 'deleted'), [write, deleteFeed]);
  const rotateToken = useCallback((unitId: string) => write(() => rotate({ variables: { unitId, at: new Date().toISOString() } })), [write, rotate]);
  const syncNow = useCallback(async (feedId: string): Promise<IcalSyncResponse> => {
    try {
      return await callFunction(nhost.functions, icalSyncFunction, { feedId });
    } finally {
      await sync.refetch();
    }
  }, [nhost, sync]);

  return { units, loading: sync.loading, error: sync.error, addFeed, setActive, removeFeed, rotateToken, syncNow };
}
