import { describe, expect, it } from 'vitest';
import { closeAccommodation, MAX_OPEN_ACCOMMODATIONS, openAccommodation, parseOpenAccommodations } from './openAccommodations';

describe('open accommodations', () => {
  const fifteen = Array.from({ length: 15 }, (_, i) => `a${i}`);

  it('allows 15 and refuses the 16th', () => {
    expect(MAX_OPEN_ACCOMMODATIONS).toBe(15);
    const fourteen = fifteen.slice(0, 14);
    expect(openAccommodation(fourteen, 'a14')).toEqual({ ok: true, open: fifteen });
    expect(openAccommodation(fifteen, 'new')).toEqual({ ok: false, reason: 'limit', max: 15 });
  });

  it('switches to an already open one even when full', () => {
    expect(openAccommodation(fifteen, 'a3')).toEqual({ ok: true, open: fifteen });
  });

  it('frees a place on close', () => {
    const after = closeAccommodation(fifteen, 'a0');
    expect(after).toHaveLength(14);
    expect(openAccommodation(after, 'new')).toMatchObject({ ok: true });
  });

  it('reads stored values defensively', () => {
    expect(parseOpenAccommodations(null)).toEqual([]);
    expect(parseOpenAccommodations('not json')).toEqual([]);
    expect(parseOpenAccommodations('{"a":1}')).toEqual([]);
    expect(parseOpenAccommodations('["x","x",3,"y"]')).toEqual(['x', 'y']);
    expect(parseOpenAccommodations(JSON.stringify([...fifteen, 'extra']))).toHaveLength(15);
  });
});
