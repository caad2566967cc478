import { describe, expect, it } from 'vitest';
import { accommodationOrderBy, accommodationWhere, EMPTY_FILTERS, pageVariables } from './listQuery';

describe('accommodation list query', () => {
  it('shows visible accommodations by default', () => {
    expect(accommodationWhere(EMPTY_FILTERS)).toEqual({ _and: [{ is_hidden: { _eq: false } }] });
    expect(accommodationWhere({ ...EMPTY_FILTERS, hidden: 'all' })).toEqual({});
    expect(accommodationWhere({ ...EMPTY_FILTERS, hidden: 'hidden' })).toEqual({ _and: [{ is_hidden: { _eq: true } }] });
  });

  it('combines search, city, owner and every chosen label', () => {
    expect(accommodationWhere({ search: ' 50%_off ', city: 'Budapest', ownerId: 'o1', labelIds: ['l1', 'l2'], hidden: 'all' })).toEqual({
      _and: [
        { _or: [{ name: { _ilike: '%50\\%\\_off%' } }, { external_name: { _ilike: '%50\\%\\_off%' } }, { address: { _ilike: '%50\\%\\_off%' } }, { owner_name: { _ilike: '%50\\%\\_off%' } }] },
        { city: { _eq: 'Budapest' } },
        { owner_id: { _eq: 'o1' } },
        { accommodation_labels: { label_id: { _eq: 'l1' } } },
        { accommodation_labels: { label_id: { _eq: 'l2' } } },
      ],
    });
  });

  it('sorts stably and pages by offset', () => {
    expect(accommodationOrderBy({ column: 'owner', direction: 'desc' })).toEqual([{ owner_name: 'desc' }, { name: 'asc' }, { id: 'asc' }]);
    expect(accommodationOrderBy({ column: 'name', direction: 'asc' })).toEqual([{ name: 'asc' }, { id: 'asc' }]);
    expect(pageVariables(2, 25)).toEqual({ limit: 25, offset: 50 });
    expect(pageVariables(-1, 25)).toEqual({ limit: 25, offset: 0 });
  });
});
