// The inbox at /inbox: filters and the conversation list on the left (paged by offset, reloaded
// live), the open conversation on the right; on phones one of the two at a time. The URL holds
// the filters, order and open thread (urls.ts).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSessionUser } from '@/features/shell';
import { useDebounced } from '@/lib/hooks/useDebounced';
import { InboxFiltersBar } from '../components/InboxFiltersBar';
import { ThreadList } from '../components/ThreadList';
import { InboxAccommodationsDocument } from '../graphql/inboxAccommodations.generated';
import { InboxAssigneesDocument } from '../graphql/inboxAssignees.generated';
import { useInboxList } from '../hooks/useInboxList';
import type { InboxFilters, InboxSort } from '../listQuery';
import { inboxStateOf, inboxUrl, type InboxState } from '../urls';
import { ThreadPanel } from './ThreadPanel';

/** Who reads the inbound e-mail log (metadata: communicators and members; admin). */
const EMAIL_LOG_READERS = ['admin', 'communicator', 'member'];

export function InboxView() {
  const { t } = useTranslation('inbox');
  const router = useRouter();
  const { user } = useSessionUser();
  const state = useMemo(() => inboxStateOf(router.query), [router.query]);
  const go = useCallback(
    (next: Partial<InboxState>, replace = false) => {
      const url = inboxUrl({ ...state, ...next });
      void (replace ? router.replace(url, undefined, { shallow: true }) : router.push(url, undefined, { shallow: true }));
    },
    [router, state],
  );

  // The search box answers at once; the URL and the query follow after a pause.
  const [searchText, setSearchText] = useState(state.filters.search);
  useEffect(() => setSearchText(state.filters.search), [state.filters.search]);
  const search = useDebounced(searchText, 300);
  useEffect(() => {
    if (router.isReady && search !== state.filters.search) go({ filters: { ...state.filters, search } }, true);
    // Only a newly typed search moves the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const list = useInboxList(state.filters, state.sort, user?.id ?? null, router.isReady);
  const accommodations = useQuery(InboxAccommodationsDocument);
  const assignees = useQuery(InboxAssigneesDocument);
  const people = assignees.data?.users.map((u) => ({ id: u.id, displayName: u.displayName })) ?? [];

  const changeFilters = (filters: InboxFilters) => {
    if (filters.search !== searchText) setSearchText(filters.search);
    else go({ filters: { ...filters, search: state.filters.search }, threadId: '' });
  };

  const open = state.threadId;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        {EMAIL_LOG_READERS.includes(user?.role ?? '') ? (
          <Button component={NextLink} href="/inbox/emails">
            {t('emails.link')}
          </Button>
        ) : null}
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 380px) 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 1.5, display: { xs: open ? 'none' : 'block', md: 'block' } }}>
          <InboxFiltersBar
            filters={{ ...state.filters, search: searchText }}
            sort={state.sort}
            accommodations={accommodations.data?.accommodations ?? []}
            assignees={people}
            onChange={changeFilters}
            onSortChange={(sort: InboxSort) => go({ sort })}
          />
          {list.error ? <Alert severity="error">{t('loadFailed')}</Alert> : null}
          <ThreadList threads={list.threads} total={list.total} loading={list.loading} selectedId={open} hrefOf={(id) => inboxUrl({ ...state, threadId: id })} onLoadMore={() => void list.loadMore()} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, display: { xs: open ? 'block' : 'none', md: 'block' }, minHeight: 200 }}>
          {open ? (
            <>
              <Button component={NextLink} href={inboxUrl({ ...state, threadId: '' })} sx={{ display: { md: 'none' }, mb: 1 }}>
                {t('title')}
              </Button>
              <ThreadPanel key={open} threadId={open} senderName={user?.displayName ?? ''} assignees={people} />
            </>
          ) : (
            <Typography color="text.secondary">{t('selectThread')}</Typography>
          )}
        </Paper>
      </Box>
    </Stack>
  );
}
