// The accommodation table view at /accommodations: loads one page at a time from the GraphQL
// engine (limit/offset plus the aggregate count) for the search, filters, sort and page in the URL
// (urls.ts), so a list can be shared, reloaded and walked back with the browser.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSessionUser } from '@/features/shell';
import { capabilitiesFor } from '../capabilities';
import { COLUMNS_STORAGE_KEY, parseColumns, type TableColumn } from '../columns';
import { AccommodationFiltersBar } from '../components/AccommodationFiltersBar';
import { AccommodationTable, ColumnChooser } from '../components/AccommodationTable';
import { AccommodationFilterChoicesDocument } from '../graphql/accommodationFilterChoices.generated';
import { AccommodationListDocument } from '../graphql/accommodationList.generated';
import { AccommodationListLabelsDocument } from '../graphql/accommodationListLabels.generated';
import { LabelsDocument } from '../graphql/labels.generated';
import { useDebounced } from '@/lib/hooks/useDebounced';
import { useStoredState } from '@/lib/hooks/useStoredState';
import { accommodationOrderBy, accommodationWhere, pageVariables, type AccommodationFilters } from '../listQuery';
import type { AccommodationListRow, LabelRow, OwnerOption } from '../types';
import { accommodationListUrl, accommodationUrl, listStateOf, NEW_ACCOMMODATION_ID, type AccommodationListState } from '../urls';
import { OpenStripContainer } from './OpenStripContainer';

// Stable empty lists: the table and the filter bar are memoised, and a fresh `[]` per render would
// re-render them on every answer of the four queries (docs/performance.md).
const NO_ROWS: AccommodationListRow[] = [];
const NO_LABELS: LabelRow[] = [];
const NO_CHOICES = { cities: [] as string[], owners: [] as OwnerOption[], labels: NO_LABELS };
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
  const list = useQuery(AccommodationListDocument, { variables: { where, orderBy: accommodationOrderBy(sort), ...pageVariables(page, pageSize) }, skip: !router.isReady });
  // Filter choices and labels are optional: a role that may not read them just gets fewer filters.
  const filterChoices = useQuery(AccommodationFilterChoicesDocument);
  const labels = useQuery(LabelsDocument, { skip: !can.readsStaffAndLabels });
  const rows = list.data?.accommodations ?? list.previousData?.accommodations ?? NO_ROWS;
  const ids = rows.map((row) => row.id);
  const pageLabels = useQuery(AccommodationListLabelsDocument, { variables: { ids }, skip: !can.readsStaffAndLabels || ids.length === 0 });

  const labelsById = useMemo(() => {
    const map = new Map<string, LabelRow[]>();
    for (const link of pageLabels.data?.accommodation_labels ?? []) map.set(link.accommodation_id, [...(map.get(link.accommodation_id) ?? []), link.label]);
    return map;
  }, [pageLabels.data]);

  // Each query answers on its own: the table re-renders for the rows and their labels, the filter
  // bar for its choices, neither for the other's answers. The bar takes its choices once both of
  // its queries have answered (one render, not one per answer).
  const choicesLoading = filterChoices.loading || labels.loading;
  const choices = useMemo(
    () =>
      choicesLoading
        ? NO_CHOICES
        : {
            cities: (filterChoices.data?.cities ?? []).map((c) => c.city),
            owners: (filterChoices.data?.owners ?? []).flatMap((o) => (o.owner_id ? [{ id: o.owner_id, name: o.owner_name ?? o.owner_id }] : [])),
            labels: labels.data?.labels ?? NO_LABELS,
          },
    [choicesLoading, filterChoices.data, labels.data],
  );
  // Answers arrive as urgent updates, which React renders in one task each; the table and the
  // filter bar take them as deferred values, rendered in the background in short tasks
  // (docs/performance.md: Total Blocking Time).
  const answered = useMemo(
    () => ({
      rows,
      labelsById,
      total: list.data?.accommodations_aggregate.aggregate?.count ?? list.previousData?.accommodations_aggregate.aggregate?.count ?? 0,
      loading: list.loading,
      choices,
    }),
    [rows, labelsById, list.data, list.previousData, list.loading, choices],
  );
  const shown = useDeferredValue(answered);
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
            <Button variant="contained" component={Link} href={accommodationUrl(NEW_ACCOMMODATION_ID)}>
              {t('list.new')}
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <AccommodationFiltersBar filters={shownFilters} cities={shown.choices.cities} owners={shown.choices.owners} labels={shown.choices.labels} onChange={changeFilters} />
      {list.error ? <Alert severity="error">{t('list.loadFailed')}</Alert> : null}
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
