// The accommodation table view at /accommodations: loads one page at a time from the GraphQL
// engine (limit/offset plus the aggregate count) for the current search, filters and sort.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { AccommodationTable, ColumnChooser, PAGE_SIZES } from '../components/AccommodationTable';
import { AccommodationCitiesDocument } from '../graphql/accommodationCities.generated';
import { AccommodationListDocument } from '../graphql/accommodationList.generated';
import { AccommodationListLabelsDocument } from '../graphql/accommodationListLabels.generated';
import { AccommodationOwnerOptionsDocument } from '../graphql/accommodationOwnerOptions.generated';
import { LabelsDocument } from '../graphql/labels.generated';
import { useDebounced } from '../hooks/useDebounced';
import { useStoredState } from '../hooks/useStoredState';
import { accommodationOrderBy, accommodationWhere, EMPTY_FILTERS, pageVariables, type AccommodationFilters, type Sort } from '../listQuery';
import type { LabelRow } from '../types';
import { accommodationUrl, NEW_ACCOMMODATION_ID } from '../urls';
import { OpenStripContainer } from './OpenStripContainer';

export function AccommodationListView() {
  const { t } = useTranslation('accommodation');
  const { user } = useSessionUser();
  const can = capabilitiesFor(user?.role ?? null);
  const [filters, setFilters] = useState<AccommodationFilters>(EMPTY_FILTERS);
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'asc' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [columns, setColumns] = useStoredState<TableColumn[]>(COLUMNS_STORAGE_KEY, parseColumns);
  const search = useDebounced(filters.search, 300);

  const where = useMemo(() => accommodationWhere({ ...filters, search }), [filters, search]);
  const list = useQuery(AccommodationListDocument, { variables: { where, orderBy: accommodationOrderBy(sort), ...pageVariables(page, pageSize) } });
  // Filter choices and labels are optional: a role that may not read them just gets fewer filters.
  const cities = useQuery(AccommodationCitiesDocument);
  const owners = useQuery(AccommodationOwnerOptionsDocument);
  const labels = useQuery(LabelsDocument, { skip: !can.readsStaffAndLabels });
  const rows = list.data?.accommodations ?? list.previousData?.accommodations ?? [];
  const ids = rows.map((row) => row.id);
  const pageLabels = useQuery(AccommodationListLabelsDocument, { variables: { ids }, skip: !can.readsStaffAndLabels || ids.length === 0 });

  const labelsById = useMemo(() => {
    const map = new Map<string, LabelRow[]>();
    for (const link of pageLabels.data?.accommodation_labels ?? []) map.set(link.accommodation_id, [...(map.get(link.accommodation_id) ?? []), link.label]);
    return map;
  }, [pageLabels.data]);

  const changeFilters = useCallback((next: AccommodationFilters) => {
    setFilters(next);
    setPage(0);
  }, []);

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
      <AccommodationFiltersBar
        filters={filters}
        cities={(cities.data?.accommodations ?? []).map((c) => c.city)}
        owners={(owners.data?.accommodations ?? []).flatMap((o) => (o.owner_id ? [{ id: o.owner_id, name: o.owner_name ?? o.owner_id }] : []))}
        labels={labels.data?.labels ?? []}
        onChange={changeFilters}
      />
      {list.error ? <Alert severity="error">{t('list.loadFailed')}</Alert> : null}
      <AccommodationTable
        rows={rows}
        labelsById={labelsById}
        total={list.data?.accommodations_aggregate.aggregate?.count ?? list.previousData?.accommodations_aggregate.aggregate?.count ?? 0}
        loading={list.loading}
        columns={columns}
        sort={sort}
        page={page}
        pageSize={pageSize}
        onColumnsChange={setColumns}
        onSortChange={(next) => {
          setSort(next);
          setPage(0);
        }}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        editorHref={(id) => accommodationUrl(id)}
      />
    </Stack>
  );
}
