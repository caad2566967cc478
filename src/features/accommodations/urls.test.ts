import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from './listQuery';
import { accommodationListUrl, DEFAULT_LIST_STATE, listStateOf } from './urls';

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('accommodation list URLs', () => {
  it('leave the defaults out', () => {
    expect(accommodationListUrl()).toBe('/accommodations');
    expect(accommodationListUrl(DEFAULT_LIST_STATE)).toBe('/accommodations');
    expect(listStateOf({})).toEqual(DEFAULT_LIST_STATE);
  });

  it('carry search, filters, sort and page there and back', () => {
    const state = { filters: { search: 'Dob 8', city: 'Budapest', ownerId: 'o1', labelIds: ['l1', 'l2'], hidden: 'all' as const }, sort: { column: 'city' as const, direction: 'desc' as const }, page: 2, pageSize: 50 };
    const url = accommodationListUrl(state);
    expect(url).toBe('/accommodations?q=Dob+8&city=Budapest&owner=o1&labels=l1%2Cl2&hidden=all&sort=city.desc&page=3&size=50');
    expect(listStateOf(queryOf(url))).toEqual(state);
  });

  it('fall back to the default on anything malformed', () => {
    expect(listStateOf({ sort: 'password.asc', page: '-4', size: '7', hidden: 'yes', labels: ',,' })).toEqual({ ...DEFAULT_LIST_STATE, filters: EMPTY_FILTERS });
  });
});
