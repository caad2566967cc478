import { describe, expect, it } from 'vitest';
import { gql, InMemoryCache } from '@apollo/client';
import { buildTypePolicies, ENTITY_KEY_FIELDS } from './typePolicies';
import { mergeByOffset } from './threadsPolicy';

const newCache = () => new InMemoryCache({ typePolicies: buildTypePolicies() });

describe('cache type policies', () => {
  it('identifies the composite-key entities by their key fields', () => {
    const cache = newCache();
    expect(cache.identify({ __typename: 'rate_dates', rate_id: 'r1', date: '2026-01-02', price: 10 })).toBe(
      'rate_dates:{"rate_id":"r1","date":"2026-01-02"}',
    );
    expect(cache.identify({ __typename: 'owner_ranges', owner_id: 'o', from: '2026-01-01' })).toBe('owner_ranges:{"owner_id":"o","from":"2026-01-01"}');
    expect(cache.identify({ __typename: 'key_types', value: 'door' })).toBe('key_types:{"value":"door"}');
    expect(Object.keys(ENTITY_KEY_FIELDS)).toHaveLength(18);
  });

  it('identifies other entities by id or _id', () => {
    const cache = newCache();
    expect(cache.identify({ __typename: 'bookings', id: 'b1' })).toBe('bookings:b1');
    expect(cache.identify({ __typename: 'airbnbs', _id: 'a1' })).toBe('airbnbs:a1');
  });

  it('merges two unit_dates rows with the same key into one cache entry', () => {
    const cache = newCache();
    const query = gql`
      query Days {
        unit_dates {
          unit_id
          date
          available
        }
      }
    `;
    cache.writeQuery({ query, data: { unit_dates: [{ __typename: 'unit_dates', unit_id: 'u', date: '2026-05-01', available: true }] } });
    cache.writeQuery({ query, data: { unit_dates: [{ __typename: 'unit_dates', unit_id: 'u', date: '2026-05-01', available: false }] } });
    const snapshot = cache.extract();
    expect(snapshot['unit_dates:{"unit_id":"u","date":"2026-05-01"}']).toMatchObject({ available: false });
  });
});

describe('threads list policy', () => {
  const THREADS = gql`
    query Threads($where: threads_bool_exp, $order_by: [threads_order_by!], $offset: Int, $limit: Int) {
      threads(where: $where, order_by: $order_by, offset: $offset, limit: $limit) {
        id
        priority
      }
    }
  `;
  const page = (ids: string[]) => ids.map((id) => ({ __typename: 'threads', id, priority: 0 }));
  const andPart = [{ priority: { _gte: 1 } }];

  it('keeps pages at their offset in one list, whatever the rest of where says', () => {
    const cache = newCache();
    const order_by = [{ updated_at: 'desc' }];
    cache.writeQuery({ query: THREADS, variables: { where: { _and: andPart, subject: { _ilike: '%a%' } }, order_by, offset: 0, limit: 2 }, data: { threads: page(['t1', 't2']) } });
    cache.writeQuery({ query: THREADS, variables: { where: { _and: andPart, subject: { _ilike: '%b%' } }, order_by, offset: 2, limit: 2 }, data: { threads: page(['t3', 't4']) } });
    const root = cache.extract().ROOT_QUERY as Record<string, unknown>;
    const keys = Object.keys(root).filter((k) => k.startsWith('threads'));
    expect(keys).toEqual(['threads:{"order_by":[{"updated_at":"desc"}],"where":{"_and":[{"priority":{"_gte":1}}]}}']);
    expect((root[keys[0]!] as { __ref: string }[]).map((r) => r.__ref)).toEqual(['threads:t1', 'threads:t2', 'threads:t3', 'threads:t4']);
  });

  it('keeps separate lists per ordering and per _and filter', () => {
    const cache = newCache();
    cache.writeQuery({ query: THREADS, variables: { where: { _and: andPart }, order_by: [{ updated_at: 'desc' }] }, data: { threads: page(['t1']) } });
    cache.writeQuery({ query: THREADS, variables: { where: { _and: andPart }, order_by: [{ priority: 'desc' }] }, data: { threads: page(['t2']) } });
    cache.writeQuery({ query: THREADS, variables: { where: { _and: [] }, order_by: [{ priority: 'desc' }] }, data: { threads: page(['t3']) } });
    const root = cache.extract().ROOT_QUERY as Record<string, unknown>;
    expect(Object.keys(root).filter((k) => k.startsWith('threads'))).toHaveLength(3);
  });

  it('overwrites a page re-fetched at the same offset', () => {
    expect(mergeByOffset(['a', 'b', 'c'], ['B', 'C'], 1)).toEqual(['a', 'B', 'C']);
    expect(mergeByOffset(undefined, ['x'], undefined)).toEqual(['x']);
    expect(mergeByOffset(['a'], ['z'], 3)).toEqual(['a', undefined, undefined, 'z']);
  });
});
