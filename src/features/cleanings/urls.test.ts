import { describe, expect, it } from 'vitest';
import { boardStateOf, cleaningsUrl } from './urls';

describe('cleanings urls', () => {
  it('round-trips the week and page, defaults left out', () => {
    expect(boardStateOf({}, '2026-11-25')).toEqual({ week: '2026-11-23', page: 0 });
    expect(boardStateOf({ week: '2026-12-03', page: '2' }, '2026-11-25')).toEqual({ week: '2026-11-30', page: 1 });
    expect(boardStateOf({ week: 'soon', page: '-3' }, '2026-11-25')).toEqual({ week: '2026-11-23', page: 0 });
    expect(cleaningsUrl({ week: '2026-11-23', page: 0 }, '2026-11-25')).toBe('/cleanings');
    expect(cleaningsUrl({ week: '2026-11-30', page: 1 }, '2026-11-25')).toBe('/cleanings?week=2026-11-30&page=2');
  });
});
