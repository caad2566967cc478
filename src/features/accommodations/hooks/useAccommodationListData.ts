// What the accommodation table view loads: one page of rows with the count, and the filter choices.
// Two requests at load, each one answer: a role that may read labels gets each row's labels with
// the rows and the label choices with the other choices (docs/performance.md: a separate query for
// the page's labels waited for the rows, then drew the table a second time); owners, who may not
// read labels, get the same without them.
import { useMemo } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { AccommodationFilterChoicesDocument, type AccommodationFilterChoicesQuery } from '../graphql/accommodationFilterChoices.generated';
import { AccommodationListDocument, type AccommodationListQuery, type AccommodationListQueryVariables } from '../graphql/accommodationList.generated';
import { AccommodationStaffFilterChoicesDocument, type AccommodationStaffFilterChoicesQuery } from '../graphql/accommodationStaffFilterChoices.generated';
import { AccommodationStaffListDocument, type AccommodationStaffListQuery } from '../graphql/accommodationStaffList.generated';
import type { AccommodationListRow, LabelRow, OwnerOption } from '../types';
import { LIST_QUERY_OPTIONS } from '@/lib/apollo/listQuery';

export interface FilterChoices {
  cities: string[];
  owners: OwnerOption[];
  labels: LabelRow[];
}

/** What the list view draws; one object, the same while nothing in it changed. */
export interface AccommodationListData {
  rows: AccommodationListRow[];
  labelsById: ReadonlyMap<string, LabelRow[]>;
  total: number;
  loading: boolean;
  error: Error | undefined;
  choices: FilterChoices;
}

// Stable empty values: the table and the filter bar are memoised, and a fresh `[]` per render would
// re-render them on every answer (docs/performance.md).
const NO_ROWS: AccommodationListRow[] = [];
const NO_LABELS: LabelRow[] = [];
const NO_LABELS_BY_ID: ReadonlyMap<string, LabelRow[]> = new Map();
export const NO_CHOICES: FilterChoices = { cities: [], owners: [], labels: NO_LABELS };

type ListRows = (AccommodationStaffListQuery | AccommodationListQuery)['accommodations'];
type Choices = AccommodationStaffFilterChoicesQuery | AccommodationFilterChoicesQuery;
const hasLabels = (rows: ListRows): rows is AccommodationStaffListQuery['accommodations'] => rows.every((row) => 'accommodation_labels' in row);

/**
 * `withLabels`: the role may read labels. `ready` false: the page's parameters are not known yet
 * (before hydration), so the rows wait rather than load page one twice.
 *
 * One `useQuery` for the rows and one for the choices, each with the role's document: a skipped
 * `useQuery` still makes an ObservableQuery and transforms its document at load, work on the
 * list's first render for a query that never runs (docs/performance.md). A role does not change
 * while the view is shown (signing out leaves the page).
 */
export function useAccommodationListData(withLabels: boolean, variables: AccommodationListQueryVariables, ready: boolean): AccommodationListData {
  const listDocument: TypedDocumentNode<AccommodationStaffListQuery | AccommodationListQuery, AccommodationListQueryVariables> = withLabels ? AccommodationStaffListDocument : AccommodationListDocument;
  const choicesDocument: TypedDocumentNode<Choices, Record<string, never>> = withLabels ? AccommodationStaffFilterChoicesDocument : AccommodationFilterChoicesDocument;
  const list = useQuery(listDocument, { variables, skip: !ready, ...LIST_QUERY_OPTIONS });
  const choicesQuery = useQuery(choicesDocument, LIST_QUERY_OPTIONS);

  const listData = list.data ?? list.previousData;
  const rows = listData?.accommodations;
  const labelsById = useMemo(() => (rows && hasLabels(rows) ? new Map(rows.map((row) => [row.id, row.accommodation_labels.map((link) => link.label)])) : NO_LABELS_BY_ID), [rows]);

  const choicesData = choicesQuery.data;
  const choices = useMemo<FilterChoices>(
    () =>
      choicesData
        ? {
            cities: choicesData.cities.map((c) => c.city),
            owners: choicesData.owners.flatMap((o) => (o.owner_id ? [{ id: o.owner_id, name: o.owner_name ?? o.owner_id }] : [])),
            labels: 'labels' in choicesData ? choicesData.labels : NO_LABELS,
          }
        : NO_CHOICES,
    [choicesData],
  );

  const total = listData?.accommodations_aggregate.aggregate?.count ?? 0;
  const { loading, error } = list;
  return useMemo(() => ({ rows: rows ?? NO_ROWS, labelsById, total, loading, error, choices }), [rows, labelsById, total, loading, error, choices]);
}
