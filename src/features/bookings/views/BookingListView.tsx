// The bookings list at /bookings: one page at a time from the GraphQL engine (limit/offset plus
// the aggregate count) for the search, filters, sort and page in the URL (urls.ts), and the CSV
// export of everything the filters match.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSessionUser } from '@/features/shell';
import { useDebounced } from '@/lib/hooks/useDebounced';
import { bookingCapabilitiesFor } from '../capabilities';
import { BookingFiltersBar } from '../components/BookingFiltersBar';
import { BookingTable } from '../components/BookingTable';
import { IcalFeedProblemsDocument } from '../graphql/icalFeedProblems.generated';
import { BookingFilterOptionsDocument } from '../graphql/bookingFilterOptions.generated';
import { BookingListDocument } from '../graphql/bookingList.generated';
import { useBookingExport } from '../hooks/useBookingExport';
import { bookingOrderBy, bookingWhere, pageVariables, type BookingFilters } from '../listQuery';
import { bookingListStateOf, bookingListUrl, bookingSyncUrl, bookingUrl, newBookingUrl, type BookingListState } from '../urls';
import { LIST_QUERY_OPTIONS } from '@/lib/apollo/listQuery';

export function BookingListView() {
  const { t } = useTranslation('booking');
  const { user } = useSessionUser();
  const can = bookingCapabilitiesFor(user?.role ?? null);
  const router = useRouter();
  const state = useMemo(() => bookingListStateOf(router.query), [router.query]);
  const { filters, sort, page, pageSize } = state;
  const { exportCsv, busy } = useBookingExport();

  /** A new list state is a new history entry (back returns to it); typing a search replaces it. */
  const go = useCallback(
    (next: Partial<BookingListState>, replace = false) => {
      const url = bookingListUrl({ ...state, ...next });
      void (replace ? router.replace(url, undefined, { shallow: true }) : router.push(url, undefined, { shallow: true }));
    },
    [router, state],
  );

  // The search box shows what is typed at once; the URL (and the query) follow after a pause.
  const [searchText, setSearchText] = useState(filters.search);
  useEffect(() => setSearchText(filters.search), [filters.search]);
  const search = useDebounced(searchText, 300);
  const typed = useRef(search);
  useEffect(() => {
    if (search === typed.current) return;
    typed.current = search;
    if (router.isReady && search !== filters.search) go({ filters: { ...filters, search }, page: 0 }, true);
  }, [search, filters, go, router.isReady]);

  const where = useMemo(() => bookingWhere(filters), [filters]);
  // Drawn from the cache at once and loaded again: a booking made or changed on its own page since
  // the list was last drawn changes its rows (cache-first kept the old page).
  const list = useQuery(BookingListDocument, { variables: { where, orderBy: bookingOrderBy(sort), ...pageVariables(page, pageSize) }, skip: !router.isReady, ...LIST_QUERY_OPTIONS });
  const options = useQuery(BookingFilterOptionsDocument, LIST_QUERY_OPTIONS);
  // Import feeds in conflict or failing: the host must see them here, not discover them later.
  const problems = useQuery(IcalFeedProblemsDocument, { skip: !can.icalFeeds, fetchPolicy: 'cache-and-network' });
  const problemFeeds = problems.data?.ical_import_feeds ?? [];
  const rows = list.data?.bookings ?? list.previousData?.bookings ?? [];
  const total = list.data?.bookings_aggregate.aggregate?.count ?? list.previousData?.bookings_aggregate.aggregate?.count ?? 0;

  const changeFilters = useCallback(
    (next: BookingFilters) => {
      if (next.search !== searchText) setSearchText(next.search);
      else go({ filters: { ...next, search: filters.search }, page: 0 });
    },
    [go, searchText, filters.search],
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('list.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {can.icalFeeds ? (
            <Button component={Link} href={bookingSyncUrl()}>
              {t('ical.title')}
            </Button>
          ) : null}
          <Button onClick={() => void exportCsv(filters, sort)} disabled={busy || total === 0}>
            {t('list.exportCsv', { count: total })}
          </Button>
          {can.create ? (
            <Button variant="contained" component={Link} href={newBookingUrl()}>
              {t('list.new')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {problemFeeds.length ? (
        <Alert severity="warning" role="status" action={<Button component={Link} href={bookingSyncUrl()}>{t('ical.review')}</Button>}>
          {t('ical.problems', { count: problemFeeds.length, units: [...new Set(problemFeeds.map((f) => `${f.unit.accommodation.name} · ${f.unit.name}`))].join(', ') })}
        </Alert>
      ) : null}
      <BookingFiltersBar filters={{ ...filters, search: searchText }} accommodations={options.data?.accommodations ?? []} onChange={changeFilters} />
      {list.error ? <Alert severity="error">{t('list.loadFailed')}</Alert> : null}
      <BookingTable
        rows={rows}
        total={total}
        sort={sort}
        page={page}
        pageSize={pageSize}
        onSortChange={(next) => go({ sort: next, page: 0 })}
        onPageChange={(next) => go({ page: next })}
        onPageSizeChange={(size) => go({ pageSize: size, page: 0 })}
        editorHref={(id) => bookingUrl(id)}
      />
    </Stack>
  );
}
