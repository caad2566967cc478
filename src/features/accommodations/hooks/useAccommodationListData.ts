// What the accommodation table view loads: one page of rows with the count, and the filter choices.
// Two requests at load, each one answer: a role that may read labels gets each row's labels with
// the rows and the label choices with the other choices (docs/performance.md: a separate query for
// the page's labels waited for the rows, then drew the table a second time); owners, who may not
// read labels, get the same without them.
import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { AccommodationFilterChoicesDocument } from '../graphql/accommodationFilterChoices.generated';
import { AccommodationListDocument, type AccommodationListQueryVariables } from '../graphql/accommodationList.generated';
import { AccommodationStaffFilterChoicesDocument } from '../graphql/accommodationStaffFilterChoices.generated';
import { AccommodationStaffListDocument } from '../graphql/accommodationStaffList.generated';
import type { AccommodationListRow, LabelRow, OwnerOption } from '../types';

export interface FilterChoices {
  cities: string[];
  owners: OwnerOption[];
  labels: LabelRow[];
}

// Stable empty values: the table and the filter bar are memoised, and a fresh `[]` per render would
// re-render them on every answer (docs/performance.md).
const NO_ROWS: AccommodationListRow[] = [];
const NO_LABELS: LabelRow[] = [];
const NO_LABELS_BY_ID: ReadonlyMap<string, LabelRow[]> = new Map();
export const NO_CHOICES: FilterChoices = { cities: [], owners: [], labels: NO_LABELS };

/**
 * `withLabels`: the role may read labels. `ready` false: the page's parameters are not known yet
 * (before hydration), so the rows wait rather than load page one twice.
 */
export function useAccommodationListData(withLabels: boolean, variables: AccommodationListQueryVariables, ready: boolean) {
  // Shown from the cache at once and loaded again: an accommodation created, edited or deleted
  // since the list was last drawn changes its rows and choices (cache-first kept the old page).
  const fetchPolicy = 'cache-and-network';
  const staffList = useQuery(AccommodationStaffListDocument, { variables, skip: !withLabels || !ready, fetchPolicy });
  const plainList = useQuery(AccommodationListDocument, { variables, skip: withLabels || !ready, fetchPolicy });
  const staffChoices = useQuery(AccommodationStaffFilterChoicesDocument, { skip: !withLabels, fetchPolicy });
  const plainChoices = useQuery(AccommodationFilterChoicesDocument, { skip: withLabels, fetchPolicy });

  const list = withLabels ? staffList : plainList;
  const listData = list.data ?? list.previousData;
  const staffRows = (staffList.data ?? staffList.previousData)?.accommodations;
  const labelsById = useMemo(() => (staffRows ? new Map(staffRows.map((row) => [row.id, row.accommodation_labels.map((link) => link.label)])) : NO_LABELS_BY_ID), [staffRows]);

  const choicesQuery = withLabels ? staffChoices : plainChoices;
  const choicesData = choicesQuery.data;
  const staffLabels = staffChoices.data?.labels;
  const choices = useMemo<FilterChoices>(
    () =>
      choicesData
        ? {
            cities: choicesData.cities.map((c) => c.city),
            owners: choicesData.owners.flatMap((o) => (o.owner_id ? [{ id: o.owner_id, name: o.owner_name ?? o.owner_id }] : [])),
            labels: staffLabels ?? NO_LABELS,
          }
        : NO_CHOICES,
    [choicesData, staffLabels],
  );

  return {
    rows: listData?.accommodations ?? NO_ROWS,
    labelsById,
    total: listData?.accommodations_aggregate.aggregate?.count ?? 0,
    loading: list.loading,
    error: list.error,
    choices,
  };
}
