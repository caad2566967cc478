// The booking page's guests section as reception staff use it, in English and Hungarian: check a
// guest in from the document at the desk (the journey's rules, then the row the database and the
// NTAK/VIZA event trigger take), record a guest's departure once, and the database's refusal
// shown as the journey's message. Roles that cannot write check-ins see no actions.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import type { AppRole } from '@/features/shell/roles';
import { BookingJourneyPanel } from './BookingJourneyPanel';

const session = vi.hoisted(() => ({ role: 'communicator' as string | null }));
vi.mock('@/features/shell/useSessionUser', () => ({
  useSessionUser: () => ({ isLoading: false, isAuthenticated: true, user: { id: 'u1', displayName: 'Cecília', email: null, role: session.role } }),
}));

const guest = (over: Record<string, unknown> = {}) => ({
  __typename: 'guest_checkins', id: 'g1', first_name: 'Anna', last_name: 'Müller', dob: '1985-04-12', pob: 'Berlin', gender: 'female', nationality: 'DE', country: 'DE',
  document_type: 'id_card', document_id: 'C01X00T47', email: null, phone: null, checkin_time: '2026-12-10T14:00:00Z', checkout_time: '2026-12-12T09:00:00Z', checked_out_at: null, scanned: null, ...over,
});
let checkedOut: string | null;
let guests: ReturnType<typeof guest>[];
let sent: { operationName: string; variables: Record<string, unknown> }[];
let refuseInsert: string | null;

function journey() {
  return {
    bookings_by_pk: {
      __typename: 'bookings', id: 'b1', journey_id: 'j1', invoice_details: null, transfer_orders: [], adventure_orders: [],
      booked_units: [{ __typename: 'booked_units', id: 'bu1', is_cancelled: false, checkin: '2026-12-10', checkout: '2026-12-12', adults: 2, children: 0, infants: 0, unit: { __typename: 'units', id: 'u1', name: 'Studio 2' }, guest_checkins: guests.map((g) => ({ ...g, checked_out_at: g.id === 'g1' ? checkedOut : null })) }],
    },
  };
}

beforeEach(() => {
  checkedOut = null;
  guests = [guest()];
  sent = [];
  refuseInsert = null;
  vi.stubGlobal('fetch', vi.fn(async (_url: unknown, init?: { body?: unknown }) => {
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
    sent.push(body);
    const json = (v: unknown) => new Response(JSON.stringify(v), { status: 200, headers: { 'content-type': 'application/json' } });
    if (body.operationName === 'RecordGuestCheckout') {
      checkedOut = String(body.variables.at);
      return json({ data: { update_guest_checkins: { __typename: 'guest_checkins_mutation_response', affected_rows: 1 } } });
    }
    if (body.operationName === 'InsertStaffCheckin') {
      if (refuseInsert) return json({ errors: [{ message: refuseInsert, extensions: { code: 'constraint-violation', path: '$' } }] });
      const o = body.variables.object as Record<string, string>;
      guests.push(guest({ id: 'g2', first_name: o.first_name, last_name: o.last_name, nationality: o.nationality, document_id: o.document_id }));
      return json({ data: { insert_guest_checkins_one: { __typename: 'guest_checkins', id: 'g2' } } });
    }
    return json({ data: journey() });
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (role: AppRole | null, locale: 'en' | 'hu' = 'en') => {
  session.role = role;
  return renderWithProviders(<BookingJourneyPanel bookingId="b1" onDirtyChange={vi.fn()} />, { locale });
};

async function fillGuest(user: ReturnType<typeof userEvent.setup>, labels: Record<string, string>) {
  await user.type(screen.getByLabelText(labels.lastName), 'Novák');
  await user.type(screen.getByLabelText(labels.firstName), 'Jan');
  await user.type(screen.getByLabelText(labels.motherLastName), 'Dvořák');
  await user.type(screen.getByLabelText(labels.motherFirstName), 'Eva');
  await user.type(screen.getByLabelText(labels.dob), '1980-01-02');
  await user.type(screen.getByLabelText(labels.pob), 'Brno');
  await user.selectOptions(screen.getByLabelText(labels.gender), 'male');
  await user.selectOptions(screen.getByLabelText(labels.nationality), 'CZ');
  await user.selectOptions(screen.getByLabelText(labels.country), 'CZ');
  await user.type(screen.getByLabelText(labels.zip), '60200');
  await user.selectOptions(screen.getByLabelText(labels.documentType), 'passport');
  await user.type(screen.getByLabelText(labels.documentId), 'p 123-4567');
}

const EN = { lastName: 'Last name *', firstName: 'First name *', motherLastName: "Mother's last name *", motherFirstName: "Mother's first name *", dob: 'Date of birth *', pob: 'Place of birth *', gender: 'Gender *', nationality: 'Nationality *', country: 'Country *', zip: 'Postcode', documentType: 'Document type *', documentId: 'Document number *' };

describe('BookingJourneyPanel (reception)', () => {
  it('checks a guest in from the document at the desk and records a departure once', async () => {
    const user = userEvent.setup({ delay: null });
    render('communicator');
    const [anna] = await screen.findAllByTestId('checked-in-guest');
    await user.click(within(anna).getByRole('button', { name: 'Record check-out' }));
    expect(await screen.findByText('Anna Müller is checked out: the check-out goes to NTAK and VIZA.')).toBeTruthy();
    expect(await within(screen.getAllByTestId('checked-in-guest')[0]).findByTestId('checked-out')).toBeTruthy();
    expect(within(screen.getAllByTestId('checked-in-guest')[0]).queryByRole('button', { name: 'Record check-out' })).toBeNull();
    const out = sent.filter((s) => s.operationName === 'RecordGuestCheckout');
    expect(out).toHaveLength(1);
    expect(out[0].variables.id).toBe('g1');

    await user.click(screen.getByRole('button', { name: 'Check in a guest' }));
    const form = screen.getByRole('form', { name: 'Check in a guest' });
    // Nothing filled: the journey's messages, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Save check-in' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please check the highlighted fields');
    expect(within(form).getAllByText('Required').length).toBeGreaterThan(5);
    expect(sent.some((s) => s.operationName === 'InsertStaffCheckin')).toBe(false);

    await fillGuest(user, EN);
    await user.clear(screen.getByLabelText('Arrival time *'));
    await user.type(screen.getByLabelText('Arrival time *'), '16:30');
    await user.click(within(form).getByRole('button', { name: 'Save check-in' }));
    expect(await screen.findByText('Jan Novák is checked in: the check-in goes to NTAK and VIZA.')).toBeTruthy();
    const insert = sent.find((s) => s.operationName === 'InsertStaffCheckin');
    expect(insert?.variables.object).toEqual({
      booking_unit_id: 'bu1', first_name: 'Jan', last_name: 'Novák', birth_first_name: null, birth_last_name: null, mother_first_name: 'Eva', mother_last_name: 'Dvořák',
      dob: '1980-01-02', pob: 'Brno', gender: 'male', nationality: 'CZ', country: 'CZ', zip: '60200', city: null, address: null, document_type: 'passport', document_id: 'P1234567',
      // The stay's days, in Budapest time (CET in December).
      checkin_time: '2026-12-10T16:30:00+01:00', checkout_time: '2026-12-12T10:00:00+01:00',
    });
    await waitFor(() => expect(screen.getAllByTestId('checked-in-guest')).toHaveLength(2));
    // The unit is full now: no more check-ins offered.
    expect(screen.queryByRole('button', { name: 'Check in a guest' })).toBeNull();
  }, 120_000);

  it('shows the database refusal as the journey message, in Hungarian', async () => {
    const user = userEvent.setup({ delay: null });
    refuseInsert = 'Uniqueness violation. duplicate key value violates unique constraint "guest_checkins_booking_unit_id_document_id_key"';
    render('member', 'hu');
    await screen.findAllByTestId('checked-in-guest');
    expect(screen.getByRole('button', { name: 'Kijelentkezés rögzítése' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Vendég bejelentkeztetése' }));
    await fillGuest(user, { lastName: 'Vezetéknév *', firstName: 'Keresztnév *', motherLastName: 'Anyja vezetékneve *', motherFirstName: 'Anyja keresztneve *', dob: 'Születési dátum *', pob: 'Születési hely *', gender: 'Nem *', nationality: 'Állampolgárság *', country: 'Ország *', zip: 'Irányítószám', documentType: 'Okmány típusa *', documentId: 'Okmányszám *' });
    await user.click(screen.getByRole('button', { name: 'Bejelentkezés mentése' }));
    const form = screen.getByRole('form', { name: 'Vendég bejelentkeztetése' });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('A vendég már bejelentkezett'));
    expect(screen.getAllByTestId('checked-in-guest')).toHaveLength(1);
  }, 120_000);

  it('offers no check-in or check-out to roles that cannot write them', async () => {
    render('manager');
    await screen.findAllByTestId('checked-in-guest');
    expect(screen.queryByRole('button', { name: 'Record check-out' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check in a guest' })).toBeNull();
  });
});
