// The guest journey's links load their page when pressed, never in advance: Next prefetches a
// link as it scrolls into view, which on a card page ran the route resolution and the journey
// page's module on a phone's main thread while the card was still starting (docs/performance.md).
// Next prefetches only in production builds, so the test reads the links' own prefetch setting.
import { screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JourneyView } from '@/lib/functions/journey';
import { renderWithProviders } from '@/test/render';
import { JourneyPage } from './JourneyPage';

const links: { href: unknown; prefetch: unknown }[] = [];
vi.mock('next/link', () => ({
  default: ({ href, prefetch, children, className }: ComponentProps<'a'> & { href: string; prefetch?: boolean }) => {
    links.push({ href, prefetch });
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  },
}));

const JOURNEY_ID = '5f0c7a4e-3b1d-4c39-9d5e-2a6f1b8c9d01';
const journey = {
  open: true,
  accommodationName: 'Váci Loft',
  checkin: '2026-12-01',
  checkout: '2026-12-04',
  opensOn: '2026-11-26',
  stay: { customerName: 'Anna Kovács', units: [], invoice: null, transfers: [], adventures: [], facts: [], checkinTime: '15:00', checkoutTime: '10:00' },
} as unknown as JourneyView;

beforeEach(() => {
  links.length = 0;
});

describe('links of the guest journey', () => {
  it('the back link of a card page does not prefetch the journey page', async () => {
    renderWithProviders(<JourneyPage base="journey" card="transfer" initial={{ journey }} />, { router: { query: { id: JOURNEY_ID } } });
    await screen.findByRole('link', { name: /back/i });
    expect(links.filter((l) => l.href === `/journey/${JOURNEY_ID}`)).not.toHaveLength(0);
    expect(links.filter((l) => l.prefetch !== false)).toEqual([]);
  });

  it('the cards of the overview do not prefetch their pages', async () => {
    renderWithProviders(<JourneyPage base="travel" initial={{ journey }} />, { router: { query: { id: JOURNEY_ID } } });
    await screen.findByRole('navigation');
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((l) => l.prefetch !== false)).toEqual([]);
  });
});
