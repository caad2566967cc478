// The app-wide NTAK certificate banner: on every staff page (it sits in the app shell) for the roles
// that can renew a certificate, naming each accommodation whose certificate expires within 30 days
// or has expired, with a link to its NTAK tab; for property managers (their own accommodations, as
// the metadata scopes the query) with whom to ask; in English and Hungarian; never for other roles.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { AppShell } from '@/features/shell/components/AppShell';
import type { AppRole } from '@/features/shell/roles';
import { CertificateExpiryBanner } from './CertificateExpiryBanner';

const DAY = 86_400_000;
const now = new Date();
const rows = [
  { __typename: 'accommodations', id: 'a1', name: 'Andrássy Residence', ntak_cert_valid_to: new Date(now.getTime() - 3 * DAY).toISOString() },
  { __typename: 'accommodations', id: 'a2', name: 'Palace Quarter Studio', ntak_cert_valid_to: new Date(now.getTime() + 12 * DAY + 3_600_000).toISOString() },
];
let asked: Record<string, unknown>[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
    if (body.operationName === 'ExpiringNtakCertificates') asked.push(body.variables);
    const data = body.operationName === 'ExpiringNtakCertificates'
      ? { accommodations: rows, accommodations_aggregate: { __typename: 'accommodations_aggregate', aggregate: { __typename: 'accommodations_aggregate_fields', count: 4 } } }
      : null;
    return new Response(JSON.stringify(data ? { data } : { errors: [{ message: 'not in this test' }] }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const shell = (role: AppRole, locale: 'en' | 'hu' = 'en') =>
  renderWithProviders(<AppShell user={{ id: 'u1', displayName: 'Márta Member', email: 'member@demo.staydesk.test', role }} onSignOut={vi.fn()}>page</AppShell>, { locale, router: { pathname: '/bookings' } });

describe('NTAK certificate banner', () => {
  it('warns a member on any page about expiring and expired certificates, each linked to its NTAK tab', async () => {
    shell('member');
    const banner = await screen.findByTestId('ntak-certificate-banner');
    expect(within(banner).getByText('NTAK certificates to renew')).toBeTruthy();
    const [expired, expiring] = within(banner).getAllByTestId('ntak-certificate-banner-item');
    expect(expired.getAttribute('data-state')).toBe('expired');
    expect(expired.textContent).toContain('The NTAK certificate of Andrássy Residence has expired: nothing is sent to NTAK or VIZA until a new one is uploaded.');
    expect(within(expired).getByRole('link', { name: 'Renew it on the NTAK tab' }).getAttribute('href')).toBe('/accommodations/a1?tab=ntak');
    expect(expiring.textContent).toContain('The NTAK certificate of Palace Quarter Studio expires in 12 days.');
    expect(within(expiring).getByRole('link', { name: 'Renew it on the NTAK tab' }).getAttribute('href')).toBe('/accommodations/a2?tab=ntak');
    expect(banner.textContent).toContain('2 more accommodations need a new certificate too.');
    // An expired certificate makes it an error, not only a warning.
    expect(banner.className).toContain('Error');
    // It asks for certificates expiring within 30 days.
    const before = Date.parse(String(asked[0]?.before));
    expect(Math.round((before - now.getTime()) / DAY)).toBe(30);
  });

  it('speaks Hungarian', async () => {
    shell('admin', 'hu');
    const banner = await screen.findByTestId('ntak-certificate-banner');
    expect(within(banner).getByText('Megújítandó NTAK-tanúsítványok')).toBeTruthy();
    expect(banner.textContent).toContain('Andrássy Residence NTAK-tanúsítványa lejárt');
    expect(banner.textContent).toContain('Palace Quarter Studio NTAK-tanúsítványa 12 nap múlva lejár.');
    expect(within(banner).getAllByRole('link', { name: 'Megújítás az NTAK fülön' })).toHaveLength(2);
  });

  it('tells a property manager whom to ask, without a renew link', async () => {
    shell('manager');
    const banner = await screen.findByTestId('ntak-certificate-banner');
    const [expired] = within(banner).getAllByTestId('ntak-certificate-banner-item');
    expect(expired.textContent).toBe('The NTAK certificate of Andrássy Residence has expired: nothing is sent to NTAK or VIZA until a new one is uploaded. Ask an admin or a member to renew it.');
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('is not shown to other roles, nor asked for', async () => {
    for (const role of ['communicator', 'owner', 'cleaner'] as const) {
      const { unmount } = shell(role);
      await screen.findByText('page');
      expect(screen.queryByTestId('ntak-certificate-banner')).toBeNull();
      unmount();
    }
    expect(asked).toEqual([]);
  });

  it('shows nothing while every certificate is valid for more than 30 days', () => {
    renderWithProviders(<CertificateExpiryBanner certificates={[{ id: 'a3', name: 'Váci Loft', ntak_cert_valid_to: new Date(now.getTime() + 31 * DAY).toISOString() }]} total={1} now={now} />);
    expect(screen.queryByTestId('ntak-certificate-banner')).toBeNull();
  });
});
