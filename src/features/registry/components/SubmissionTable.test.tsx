import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '../../../../public/locales/en/ntak-iranytu.json';
import hu from '../../../../public/locales/hu/ntak-iranytu.json';
import { renderWithProviders } from '@/test/render';
import type { RegistrySubmissionFragment } from '../graphql/fragments.generated';
import { MESSAGE_TYPES, STATUSES } from '../urls';
import { DailyCloseStrip } from './DailyCloseStrip';
import { SubmissionTable } from './SubmissionTable';

const ACC = '30000000-0000-4000-a000-000000000004';
const base = { __typename: 'registry_submissions', accommodation_id: ACC, booking_id: 'b1', guest_checkin_id: null, service: 'ntak', viza_status: null, report_date: null, attempts: 1, next_attempt_at: null, sent_at: null, created_at: '2026-11-20T10:00:00Z', accommodation: { __typename: 'accommodations', id: ACC, name: 'Palace Quarter Studio' } } as const;
const rows = [
  { ...base, id: 's1', message_type: 'check_in', status: 'error', reason: 'rejected: guests[0].residencePostCode: residencePostCode is required', field_errors: [{ path: 'guests[0].residencePostCode', code: 'required', message: 'residencePostCode is required', fix: { table: 'guest_checkins', id: 'g1', column: 'zip' } }] },
  { ...base, id: 's2', message_type: 'daily_close', status: 'success', reason: null, field_errors: null, report_date: '2026-11-19', sent_at: '2026-11-20T03:05:00Z' },
] as unknown as RegistrySubmissionFragment[];

describe('SubmissionTable', () => {
  it('shows the registry message, the field to fix with its link, and re-sends only what was not accepted', async () => {
    const user = userEvent.setup({ delay: null });
    const onResend = vi.fn();
    renderWithProviders(<SubmissionTable label="Submissions" rows={rows} total={2} page={0} onResend={onResend} />, { locale: 'en' });
    const [failed, sent] = screen.getAllByTestId('registry-submission');
    expect(within(failed).getByTestId('registry-reason').textContent).toBe('rejected: guests[0].residencePostCode: residencePostCode is required');
    expect(within(failed).getByTestId('registry-field-error').textContent).toContain('Fix the field Postcode of residence: residencePostCode is required');
    expect(within(failed).getByRole('link', { name: 'Open to fix' }).getAttribute('href')).toBe('/bookings/b1?section=guests&guest=g1&field=zip');
    expect(within(sent).getByText('NTAK · Daily close · 2026-11-19')).toBeTruthy();
    expect(within(sent).queryByRole('button', { name: 'Re-send' })).toBeNull();
    await user.click(within(failed).getByRole('button', { name: 'Re-send' }));
    expect(onResend).toHaveBeenCalledWith('s1');
  });

  it('speaks Hungarian', () => {
    renderWithProviders(<SubmissionTable label="x" rows={rows} total={2} page={0} onResend={vi.fn()} />, { locale: 'hu' });
    const [failed] = screen.getAllByTestId('registry-submission');
    expect(within(failed).getByTestId('registry-field-error').textContent).toContain('Lakóhely irányítószáma');
    expect(within(failed).getByText('Sikertelen')).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Újraküldés' })).toBeTruthy();
    renderWithProviders(<DailyCloseStrip days={[{ day: '2026-11-18', state: 'missing', reason: null }, { day: '2026-11-19', state: 'closed', reason: null }]} />, { locale: 'hu' });
    expect(screen.getByText('Nincs lezárva')).toBeTruthy();
    expect(screen.getByText('Lezárva')).toBeTruthy();
  });

  it('has every status, message type, day state and error code in both languages', () => {
    for (const lang of [en, hu] as Record<string, Record<string, unknown>>[]) {
      for (const s of STATUSES) expect((lang.status as Record<string, string>)[s]).toBeTruthy();
      for (const m of MESSAGE_TYPES) expect((lang.messageType as Record<string, string>)[m]).toBeTruthy();
      for (const d of ['closed', 'failed', 'pending', 'blocked', 'missing']) expect((lang.dayState as Record<string, string>)[d]).toBeTruthy();
      for (const e of ['unknown', 'network', 'unauthorized', 'forbidden', 'already-sent', 'not-found', 'key-mismatch', 'invalid-certificate', 'no-key', 'encryption-key-missing']) expect((lang.errors as Record<string, string>)[e]).toBeTruthy();
    }
  });
});
