// The accommodation table view at /accommodations: loads one page at a time from the GraphQL
// engine (limit/offset plus the aggregate count) for the search, filters, sort and page in the URL
// (urls.ts), so a list can be shared, reloaded and walked back with the browser.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSessionUser } from '@/features/shell';
import { capabilitiesFor } from '../capabilities';
import { COLUMNS_STORAGE_KEY, parseColumns, type TableColumn } from '../columns';
import { AccommodationFiltersBar } from '../components/AccommodationFiltersBar';
import { AccommodationTable, ColumnChooser } from '../components/AccommodationTable';
import { useDebounced } from '@/lib/hooks/useDebounced';
import { useStoredState } from '@/lib/hooks/useStoredState';
import { accommodationOrderBy, accommodationWhere, pageVariables, type AccommodationFilters } from '../listQuery';
import { useAccommodationListData } from '../hooks/useAccommodationListData';
import { accommodationListUrl, accommodationUrl, listStateOf, NEW_ACCOMMODATION_ID, type AccommodationListState } from '../urls';
import { OpenStripContainer } from './OpenStripContainer';

const editorHref = (id: string) => accommodationUrl(id);

export function AccommodationListView() {
  const { t } = useTranslation('accommodation');
  const { user } = useSessionUser();
  const can = capabilitiesFor(user?.role ?? null);
  const router = useRouter();
  const state = useMemo(() => listStateOf(router.query), [router.query]);
  const { filters, sort, page, pageSize } = state;
  const [columns, setColumns] = useStoredState<TableColumn[]>(COLUMNS_STORAGE_KEY, parseColumns);

  /** A new list state is a new history entry (back returns to it); typing a search replaces it. */
  const go = useCallback(
    (next: Partial<AccommodationListState>, replace = false) => {
      const url = accommodationListUrl({ ...state, ...next });
      void (replace ? router.replace(url, undefined, { shallow: true }) : router.push(url, undefined, { shallow: true }));
    },
    [router, state],
  );

  // The search box shows what is typed at once; the URL (and the query) follow after a pause.
  const [searchText, setSearchText] = useState(filters.search);
  useEffect(() => setSearchText(filters.search), [filters.search]);
  const search = useDebounced(searchText, 300);
  // Only a newly typed search moves the URL (not a search the back button brought back).
  const typed = useRef(search);
  useEffect(() => {
    if (search === typed.current) return;
    typed.current = search;
    if (router.isReady && search !== filters.search) go({ filters: { ...filters, search }, page: 0 }, true);
  }, [search, filters, go, router.isReady]);

  const where = useMemo(() => accommodationWhere(filters), [filters]);
  // Before hydration the query string is not known yet; wait for it rather than load page one twice.
  const variables = useMemo(() => ({ where, orderBy: accommodationOrderBy(sort), ...pageVariables(page, pageSize) }), [where, sort, page, pageSize]);
  const data = useAccommodationListData(can.readsStaffAndLabels, variables, router.isReady);

  // Answers arrive as urgent updates, which React renders in one task each; the table and the
  // filter bar take them as deferred values, rendered in the background in short tasks
  // (docs/performance.md: Total Blocking Time).
  const shown = useDeferredValue(data);
  const shownFilters = useMemo(() => ({ ...filters, search: searchText }), [filters, searchText]);
  const onSortChange = useCallback((next: AccommodationListState['sort']) => go({ sort: next, page: 0 }), [go]);
  const onPageChange = useCallback((next: number) => go({ page: next }), [go]);
  const onPageSizeChange = useCallback((size: number) => go({ pageSize: size, page: 0 }), [go]);

  const changeFilters = useCallback(
    (next: AccommodationFilters) => {
      if (next.search !== searchText) setSearchText(next.search);
      else go({ filters: { ...next, search: filters.search }, page: 0 });
    },
    [go, searchText, filters.search],
  );

  return (
    <Stack spacing={2}>
      <OpenStripContainer activeId={null} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {t('list.title')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <ColumnChooser columns={columns} onChange={setColumns} />
          {can.create ? (
            // The editor's page loads when the button is pointed at or touched, not with the list.
            <Button variant="contained" component={Link} href={accommodationUrl(NEW_ACCOMMODATION_ID)} prefetch={false}>
              {t('list.new')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <AccommodationFiltersBar filters={shownFilters} cities={shown.choices.cities} owners={shown.choices.owners} labels={shown.choices.labels} onChange={changeFilters} />
      {data.error ? <Alert severity="error">{t('list.loadFailed')}</Alert> : null}
      <AccommodationTable
        rows={shown.rows}
        labelsById={shown.labelsById}
        total={shown.total}
        loading={shown.loading}
        columns={columns}
        sort={sort}
        page={page}
        pageSize={pageSize}
        onColumnsChange={setColumns}
        onSortChange={onSortChange}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        editorHref={editorHref}
      />
    </Stack>
  );
}
