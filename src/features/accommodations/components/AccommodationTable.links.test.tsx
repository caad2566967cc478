// A row's link (and the list's "New accommodation" button) loads the editor when pressed (or pointed
// at), never in advance: Next prefetches each link as it comes into view, and one per row ran in the
// busiest stretch of the signed-in list's load (docs/performance.md). Next prefetches only in production builds, so the test reads the links'
// own prefetch setting.
import { screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../testing';
import type { AccommodationListRow } from '../types';
import { AccommodationListView } from '../views/AccommodationListView';
import { AccommodationTable } from './AccommodationTable';

const links: { href: unknown; prefetch: unknown }[] = [];
vi.mock('next/link', () => ({
  default: ({ href, prefetch, children }: ComponentProps<'a'> & { href: string; prefetch?: boolean }) => {
    links.push({ href, prefetch });
    return <a href={href}>{children}</a>;
  },
}));

// A property manager, who may create accommodations (the list shows them "New accommodation").
vi.mock('@/features/shell', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/shell')>()),
  useSessionUser: () => ({ isLoading: false, isAuthenticated: true, user: { id: 'u1', displayName: 'Miklós Manager', email: 'manager@demo.staydesk.test', role: 'manager' } }),
}));

const rows: AccommodationListRow[] = Array.from({ length: 3 }, (_, i) => ({ id: `a${i}`, name: `Flat ${i}`, external_name: null, city: 'Budapest', zip: '1052', address: `Váci utca ${i}`, country: 'HU', is_hidden: false, owner_name: null, ntak_id: null, units: [] }));

describe('accommodation table links', () => {
  it('the rows link to their editor without prefetching it', () => {
    renderWithI18n(
      <AccommodationTable rows={rows} labelsById={new Map()} total={3} loading={false} columns={['name', 'city']} sort={{ column: 'name', direction: 'asc' }} page={0} pageSize={25} onColumnsChange={vi.fn()} onSortChange={vi.fn()} onPageChange={vi.fn()} onPageSizeChange={vi.fn()} editorHref={(id) => `/accommodations/${id}`} />,
    );
    expect(screen.getByRole('link', { name: 'Flat 2' }).getAttribute('href')).toBe('/accommodations/a2');
    expect(links.map((l) => l.href)).toEqual(expect.arrayContaining(['/accommodations/a0', '/accommodations/a1', '/accommodations/a2']));
    expect(links.filter((l) => l.prefetch !== false)).toEqual([]);
  });

  it('the list’s "New accommodation" button links to the editor without prefetching it', async () => {
    links.length = 0;
    renderWithI18n(<AccommodationListView />);
    expect((await screen.findByRole('link', { name: 'New accommodation' })).getAttribute('href')).toBe('/accommodations/new');
    const newButton = links.filter((l) => l.href === '/accommodations/new');
    expect(newButton.length).toBeGreaterThan(0);
    expect(newButton.filter((l) => l.prefetch !== false)).toEqual([]);
  });
});
