import { describe, expect, it } from 'vitest';
import { JOURNEY_CARDS, journeyCard } from './cards';
import { journeyCardUrl, journeyUrl } from './urls';

const ID = '6f1c2b9e-0000-4000-8000-000000000000';

describe('journey URLs and cards', () => {
  it('keeps the family a page was opened in; cards without a /journey route open under /travel', () => {
    expect(journeyUrl(ID)).toBe(`/journey/${ID}`);
    expect(journeyCardUrl(ID, 'checkin')).toBe(`/journey/${ID}/checkin`);
    expect(journeyCardUrl(ID, 'invoice')).toBe(`/journey/${ID}/invoice`);
    expect(journeyCardUrl(ID, 'transfer')).toBe(`/travel/${ID}/transfer`);
    expect(journeyCardUrl(ID, 'checkin', 'travel')).toBe(`/travel/${ID}/checkin`);
  });

  it('has one card per id, the stay first, each with its texts in the journey namespace or its own', () => {
    const ids = JOURNEY_CARDS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 5)).toEqual(['stay', 'checkin', 'invoice', 'transfer', 'adventure']);
    for (const card of JOURNEY_CARDS) expect(card.titleKey).toMatch(/^[\w-]+:[\w.]+$/);
    expect(journeyCard('transfer')?.id).toBe('transfer');
    expect(journeyCard('nope')).toBeUndefined();
  });
});
