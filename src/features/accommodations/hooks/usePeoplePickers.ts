// What the basics tab's owner and staff pickers need: the names of the people already chosen
// and server searches, a page at a time, for the rest (owners' and staff names only; see
// docs/data-model.md on the staff_users view).
import { useCallback, useMemo } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { PICKER_PAGE_SIZE, type SearchOptions } from '@/components/SearchPicker';
import { OwnerSearchDocument } from '../graphql/ownerSearch.generated';
import { OwnerNameDocument } from '../graphql/ownerName.generated';
import { StaffSearchDocument } from '../graphql/staffSearch.generated';
import { StaffNamesDocument } from '../graphql/staffNames.generated';
import { staffSearchWhere } from '../people';
import { containsPattern } from '../listQuery';

export interface PeoplePickersInput {
  ownerId: string | null;
  staffUserIds: readonly string[];
  readsOwnerNames: boolean;
  readsStaffNames: boolean;
}

/** One page of results; one row more than shown tells whether there are further matches. */
function page<T>(rows: readonly T[], toOption: (row: T) => { id: string; label: string }) {
  return { options: rows.slice(0, PICKER_PAGE_SIZE).map(toOption), more: rows.length > PICKER_PAGE_SIZE };
}

export function usePeoplePickers({ ownerId, staffUserIds, readsOwnerNames, readsStaffNames }: PeoplePickersInput) {
  const apollo = useApolloClient();
  const ids = useMemo(() => [...new Set(staffUserIds)], [staffUserIds]);
  const ownerName = useQuery(OwnerNameDocument, { variables: { id: ownerId ?? '' }, skip: !ownerId || !readsOwnerNames });
  const staffNames = useQuery(StaffNamesDocument, { variables: { ids }, skip: ids.length === 0 || !readsStaffNames });

  const knownNames = useMemo(() => {
    const names = new Map<string, string>();
    const owner = ownerName.data?.owners_by_pk;
    if (owner) names.set(owner.id, owner.name);
    // staff_users is a view, so its id is nullable in the schema; every row has one.
    for (const person of staffNames.data?.staff_users ?? []) if (person.id) names.set(person.id, person.display_name ?? person.id);
    return names;
  }, [ownerName.data, staffNames.data]);

  const searchOwners = useCallback<SearchOptions>(
    async (text) => {
      const { data } = await apollo.query({ query: OwnerSearchDocument, variables: { pattern: containsPattern(text), limit: PICKER_PAGE_SIZE + 1 }, fetchPolicy: 'network-only' });
      return page(data?.owners ?? [], (owner) => ({ id: owner.id, label: owner.name }));
    },
    [apollo],
  );

  const searchStaff = useCallback(
    (kind: 'manager' | 'cleaner'): SearchOptions =>
      async (text) => {
        const { data } = await apollo.query({ query: StaffSearchDocument, variables: { where: staffSearchWhere(kind, containsPattern(text)), limit: PICKER_PAGE_SIZE + 1 }, fetchPolicy: 'network-only' });
        const people = (data?.staff_users ?? []).flatMap((person) => (person.id ? [{ id: person.id, name: person.display_name ?? person.id }] : []));
        return page(people, (person) => ({ id: person.id, label: person.name }));
      },
    [apollo],
  );

  return { knownNames, searchOwners, searchStaff };
}
