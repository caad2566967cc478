// What the accommodation list asks for and what it hands the view, per role: the role's two
// queries and no other (a skipped query still costs an ObservableQuery and a document transform
// on the list's first render), each row's labels for the roles that may read them, and one answer
// object that stays the same while nothing in it changed (the view passes it on as a deferred value).
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { Observable } from 'rxjs';
import { useAccommodationListData } from './useAccommodationListData';

const label = { __typename: 'labels', id: 'l1', name: 'Balaton', color: '#1976d2' };
const row = (id: string, withLabels: boolean) => ({
  __typename: 'accommodations',
  id,
  name: `Villa ${id}`,
  external_name: null,
  city: 'Siófok',
  zip: '8600',
  address: 'Fő utca 1',
  country: 'HU',
  is_hidden: false,
  owner_name: 'Kovács Anna',
  ntak_id: null,
  units: [],
  ...(withLabels ? { accommodation_labels: [{ __typename: 'accommodation_labels', label }] } : {}),
});
const aggregate = { __typename: 'accommodations_aggregate', aggregate: { __typename: 'accommodations_aggregate_fields', count: 2 } };
const cities = [{ __typename: 'accommodations', city: 'Siófok' }];
const owners = [{ __typename: 'accommodations', owner_id: 'o1', owner_name: 'Kovács Anna' }];

const ANSWERS: Record<string, Record<string, unknown>> = {
  AccommodationStaffList: { accommodations: [row('a1', true), row('a2', true)], accommodations_aggregate: aggregate },
  AccommodationList: { accommodations: [row('a1', false), row('a2', false)], accommodations_aggregate: aggregate },
  AccommodationStaffFilterChoices: { cities, owners, labels: [label] },
  AccommodationFilterChoices: { cities, owners },
};

/** A server that answers the list's four operations and records the ones it was asked. */
function fakeServer() {
  const asked: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        asked.push(operation.operationName ?? '');
        observer.next({ data: ANSWERS[operation.operationName ?? ''] });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
  const watched = () => [...client.getObservableQueries('all')].map((q) => q.queryName).sort();
  return { asked, wrapper, watched };
}

const variables = { where: {}, orderBy: [{ name: 'asc' as const }], limit: 25, offset: 0 };

describe('useAccommodationListData', () => {
  it('gives a role that may read labels the rows with their labels and the label choices, from its two queries only', async () => {
    const server = fakeServer();
    const hook = renderHook(() => useAccommodationListData(true, variables, true), { wrapper: server.wrapper });
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(2));
    await waitFor(() => expect(hook.result.current.choices.labels).toEqual([label]));
    expect(hook.result.current.labelsById.get('a1')).toEqual([label]);
    expect(hook.result.current.total).toBe(2);
    expect(hook.result.current.choices.cities).toEqual(['Siófok']);
    expect(hook.result.current.choices.owners).toEqual([{ id: 'o1', name: 'Kovács Anna' }]);
    expect(server.asked.sort()).toEqual(['AccommodationStaffFilterChoices', 'AccommodationStaffList']);
    // No query is kept for the owners' documents, not even a skipped one.
    expect(server.watched()).toEqual(['AccommodationStaffFilterChoices', 'AccommodationStaffList']);
  });

  it('gives an owner the rows and choices without labels, from the owners’ two queries only', async () => {
    const server = fakeServer();
    const hook = renderHook(() => useAccommodationListData(false, variables, true), { wrapper: server.wrapper });
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(2));
    await waitFor(() => expect(hook.result.current.choices.cities).toEqual(['Siófok']));
    expect(hook.result.current.labelsById.size).toBe(0);
    expect(hook.result.current.choices.labels).toEqual([]);
    expect(server.asked.sort()).toEqual(['AccommodationFilterChoices', 'AccommodationList']);
    expect(server.watched()).toEqual(['AccommodationFilterChoices', 'AccommodationList']);
  });

  it('asks for no rows until the page’s parameters are known, and keeps one answer object while nothing changes', async () => {
    const server = fakeServer();
    const hook = renderHook(({ ready }) => useAccommodationListData(true, variables, ready), { wrapper: server.wrapper, initialProps: { ready: false } });
    await waitFor(() => expect(hook.result.current.choices.cities).toEqual(['Siófok']));
    expect(server.asked).toEqual(['AccommodationStaffFilterChoices']);
    expect(hook.result.current.rows).toEqual([]);

    hook.rerender({ ready: true });
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(2));
    const answer = hook.result.current;
    hook.rerender({ ready: true });
    expect(hook.result.current).toBe(answer);
  });
});
