// The /viza page as staff see it, in English and Hungarian: every accommodation's VIZA module state
// with what it means and what to do, the guest-data submissions with the registry's message, the
// status filter and the paging kept in the URL. The data service is answered here per operation
// (the view's queries and their variables are checked), so the test pins what the page shows.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { VizaStatusView } from './VizaStatusView';

const acc = (id: string, name: string, viza_status: string | null, viza_status_at: string | null) => ({ __typename: 'accommodations', id, name, ntak_id: 'MA230043', skip_ntak: false, viza_status, viza_status_at, ntak_cert_valid_to: null });
const ACCOMMODATIONS = [
  acc('a1', 'Andrássy Residence', 'CERT_EXPIRED', '2026-11-21T05:00:00Z'),
  acc('a2', 'Palace Quarter Studio', 'OUTOFKEYS', '2026-11-21T05:00:00Z'),
  acc('a3', 'Váci Loft', 'OK', '2026-11-21T05:00:00Z'),
  acc('a4', 'Újlipótváros Riverside', null, null),
];
const SUBMISSION = {
  __typename: 'registry_submissions', id: 's1', accommodation_id: 'a2', booking_id: 'b1', guest_checkin_id: 'g1', service: 'viza', message_type: 'check_in', status: 'error',
  viza_status: 'DATA_REJECTED', report_date: null, reason: 'rejected: guests[0].manual.nationality: guests[0].manual.nationality must be an ISO 3166-1 alpha-2 code',
  field_errors: [{ path: 'guests[0].manual.nationality', code: 'enum', message: 'must be an ISO 3166-1 alpha-2 code', fix: { table: 'guest_checkins', id: 'g1', column: 'nationality' } }],
  attempts: 1, next_attempt_at: null, sent_at: null, created_at: '2026-11-21T06:00:00Z', accommodation: { __typename: 'accommodations', id: 'a2', name: 'Palace Quarter Studio' },
};

interface Sent {
  operationName: string;
  variables: Record<string, unknown>;
}
let sent: Sent[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body)) as Sent;
    sent.push(body);
    const data =
      body.operationName === 'RegistryAccommodations'
        ? { accommodations: ACCOMMODATIONS, accommodations_aggregate: { __typename: 'accommodations_aggregate', aggregate: { __typename: 'accommodations_aggregate_fields', count: 27 } } }
        : { registry_submissions: [SUBMISSION], registry_submissions_aggregate: { __typename: 'registry_submissions_aggregate', aggregate: { __typename: 'registry_submissions_aggregate_fields', count: 1 } } };
    return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const moduleRow = (name: string) => screen.getAllByTestId('viza-module').find((r) => within(r).queryByText(name)) as HTMLElement;

describe('VizaStatusView', () => {
  it('shows each module state with its meaning and what to do, the rejected guest data, and keeps filter and page in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<VizaStatusView />, { locale: 'en', router: { pathname: '/viza', asPath: '/viza' } });
    expect(screen.getByRole('heading', { level: 1, name: 'VIZA guest registration' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('viza-module')).toHaveLength(4));

    const expired = moduleRow('Andrássy Residence');
    expect(expired.getAttribute('data-state')).toBe('CERT_EXPIRED');
    expect(within(expired).getByText('CERT-EXPIRED')).toBeTruthy();
    expect(within(expired).getByText('The certificate has expired: nothing is sent.')).toBeTruthy();
    expect(within(expired).getByText('Generate a new CSR on the NTAK tab and upload the new certificate; then re-send the blocked data.')).toBeTruthy();
    expect(within(moduleRow('Palace Quarter Studio')).getByText('OUTOFKEYS')).toBeTruthy();
    expect(within(moduleRow('Palace Quarter Studio')).getByText('It fetches new keys by itself; if the state stays, contact support.')).toBeTruthy();
    expect(within(moduleRow('Váci Loft')).getByText('Nothing to do.')).toBeTruthy();
    expect(within(moduleRow('Újlipótváros Riverside')).getByText('Nothing sent yet')).toBeTruthy();

    const submission = await screen.findByTestId('registry-submission');
    expect(within(submission).getByTestId('registry-reason').textContent).toContain('guests[0].manual.nationality');
    expect(within(submission).getByRole('link', { name: 'Open to fix' }).getAttribute('href')).toBe('/bookings/b1?section=guests&guest=g1&field=nationality');
    // Only VIZA submissions are asked for, a page at a time.
    const subs = sent.find((s) => s.operationName === 'RegistrySubmissions');
    expect(subs?.variables).toMatchObject({ where: { service: { _eq: 'viza' } }, offset: 0 });

    // 27 accommodations: the next page of module states is a URL change.
    await user.click(screen.getAllByRole('button', { name: /next page/i })[0]);
    expect(router.push).toHaveBeenCalledWith('/viza?modules=2', undefined, { shallow: true });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(router.push).toHaveBeenLastCalledWith('/viza?status=error', undefined, { shallow: true });
  });

  it('speaks Hungarian, and reads the status filter and page from the URL', async () => {
    renderWithProviders(<VizaStatusView />, { locale: 'hu', router: { pathname: '/viza', asPath: '/viza?status=error&modules=2', query: { status: 'error', modules: '2' } } });
    expect(screen.getByRole('heading', { level: 1, name: 'VIZA vendégnyilvántartás' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('viza-module')).toHaveLength(4));
    expect(within(moduleRow('Andrássy Residence')).getByText('A tanúsítvány lejárt: semmit sem küldünk.')).toBeTruthy();
    expect(within(moduleRow('Palace Quarter Studio')).getByText('Magától új kulcsokat kér; ha az állapot megmarad, forduljon az ügyfélszolgálathoz.')).toBeTruthy();
    expect(within(moduleRow('Újlipótváros Riverside')).getByText('Még nem ment adat')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Teendő' })).toBeTruthy();
    const submission = await screen.findByTestId('registry-submission');
    expect(within(submission).getByText('Sikertelen')).toBeTruthy();
    expect(within(submission).getByRole('button', { name: 'Újraküldés' })).toBeTruthy();
    const modules = sent.find((s) => s.operationName === 'RegistryAccommodations');
    expect(modules?.variables).toMatchObject({ limit: 20, offset: 20 });
    expect(sent.find((s) => s.operationName === 'RegistrySubmissions')?.variables).toMatchObject({ where: { service: { _eq: 'viza' }, status: { _eq: 'error' } } });
  });
});
