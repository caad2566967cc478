// The booking page's guests section as reception staff use it, in English and Hungarian: check a
// guest in from the document at the desk (the journey's rules, then the row the database and the
// NTAK/VIZA event trigger take), record a guest's departure once, and the database's refusal
// shown as the journey's message; correct a check-in NTAK refused, arriving from /ntak's link with
// the refused field marked, and the save re-sending the refused message. Roles that cannot write
// check-ins see no actions.
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

const G1 = '0b8f6c55-7a1d-4c1e-8d5e-3b1d6a2f9e22';
const guest = (over: Record<string, unknown> = {}) => ({
  __typename: 'guest_checkins', id: G1, first_name: 'Anna', last_name: 'Müller', birth_first_name: null, birth_last_name: null, mother_first_name: 'Eva', mother_last_name: 'Schmidt',
  dob: '1985-04-12', pob: 'Berlin', gender: 'female', nationality: 'DE', country: 'DE', zip: '10115', city: null, address: null,
  document_type: 'id_card', document_id: 'C01X00T47', email: null, phone: null, checkin_time: '2026-12-10T14:00:00Z', checkout_time: '2026-12-12T09:00:00Z', checked_out_at: null, scanned: null,
  registry_submissions: [] as { __typename: string; id: string; service: string; message_type: string }[], ...over,
});
// The registry function's re-send (the Nhost client's own fetch); the e2e drives the real one.
const registry = vi.hoisted(() => ({ calls: [] as { path: string; body: Record<string, unknown> }[], answer: async (_id: string): Promise<unknown> => ({ ok: true, data: { status: 'success', reason: null } }) }));
vi.mock('@/features/registry/api', () => ({
  callRegistry: async (_nhost: unknown, path: string, body: Record<string, unknown>) => {
    registry.calls.push({ path, body });
    return registry.answer(String(body.submissionId));
  },
}));

let checkedOut: string | null;
let guests: ReturnType<typeof guest>[];
let sent: { operationName: string; variables: Record<string, unknown> }[];
let refuseInsert: string | null;
let refuseUpdate: string | null;
let resendAnswer: { status: string; reason: string | null };

function journey() {
  return {
    bookings_by_pk: {
      __typename: 'bookings', id: 'b1', journey_id: 'j1', invoice_details: null, transfer_orders: [], adventure_orders: [],
      booked_units: [{ __typename: 'booked_units', id: 'bu1', is_cancelled: false, checkin: '2026-12-10', checkout: '2026-12-12', adults: 2, children: 0, infants: 0, unit: { __typename: 'units', id: 'u1', name: 'Studio 2' }, guest_checkins: guests.map((g) => ({ ...g, checked_out_at: g.id === G1 ? checkedOut : null })) }],
    },
  };
}

beforeEach(() => {
  checkedOut = null;
  guests = [guest()];
  sent = [];
  refuseInsert = null;
  refuseUpdate = null;
  resendAnswer = { status: 'success', reason: null };
  registry.calls = [];
  registry.answer = async (id) => {
    if (resendAnswer.status === 'success') guests = guests.map((g) => ({ ...g, registry_submissions: g.registry_submissions.filter((r) => r.id !== id) }));
    return { ok: true, data: resendAnswer };
  };
  vi.stubGlobal('fetch', vi.fn(async (_url: unknown, init?: { body?: unknown }) => {
    const json = (v: unknown) => new Response(JSON.stringify(v), { status: 200, headers: { 'content-type': 'application/json' } });
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
    sent.push(body);
    if (body.operationName === 'UpdateStaffCheckin') {
      if (refuseUpdate) return json({ errors: [{ message: refuseUpdate, extensions: { code: 'constraint-violation', path: '$' } }] });
      const set = body.variables.set as Record<string, string>;
      guests = guests.map((g) => (g.id === body.variables.id ? { ...g, ...set } : g));
      return json({ data: { update_guest_checkins_by_pk: { __typename: 'guest_checkins', id: body.variables.id } } });
    }
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

const render = (role: AppRole | null, locale: 'en' | 'hu' = 'en', query: Record<string, string> = {}) => {
  session.role = role;
  return renderWithProviders(<BookingJourneyPanel bookingId="b1" onDirtyChange={vi.fn()} />, { locale, router: { query } });
};

/** Text goes in as one paste per field (typing it key by key re-rendered the whole form per key). */
async function fillGuest(user: ReturnType<typeof userEvent.setup>, labels: Record<string, string>) {
  const paste = async (label: string, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  await paste(labels.lastName, 'Novák');
  await paste(labels.firstName, 'Jan');
  await paste(labels.motherLastName, 'Dvořák');
  await paste(labels.motherFirstName, 'Eva');
  await user.type(screen.getByLabelText(labels.dob), '1980-01-02');
  await paste(labels.pob, 'Brno');
  await user.selectOptions(screen.getByLabelText(labels.gender), 'male');
  await user.selectOptions(screen.getByLabelText(labels.nationality), 'CZ');
  await user.selectOptions(screen.getByLabelText(labels.country), 'CZ');
  await paste(labels.zip, '60200');
  await user.selectOptions(screen.getByLabelText(labels.documentType), 'passport');
  await paste(labels.documentId, 'p 123-4567');
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
    expect(out[0].variables.id).toBe(G1);

    await user.click(screen.getByRole('button', { name: 'Check in a guest' }));
    const form = screen.getByRole('form', { name: 'Check in a guest' });
    // Nothing filled: the journey's messages, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Save check-in' }));
    // Awaited: with nothing typed yet, the form's Yup schema is first loaded by this submit (formKit.tsx).
    expect((await within(form).findByRole('alert')).textContent).toBe('Please check the highlighted fields');
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
    // The stay's times as Hungarian writes dates, not English month names.
    expect(screen.getAllByTestId('checked-in-guest')[0].textContent).toContain('2026. dec. 10. 15:00');
    expect(screen.getByRole('button', { name: 'Kijelentkezés rögzítése' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Vendég bejelentkeztetése' }));
    await fillGuest(user, { lastName: 'Vezetéknév *', firstName: 'Keresztnév *', motherLastName: 'Anyja vezetékneve *', motherFirstName: 'Anyja keresztneve *', dob: 'Születési dátum *', pob: 'Születési hely *', gender: 'Nem *', nationality: 'Állampolgárság *', country: 'Ország *', zip: 'Irányítószám', documentType: 'Okmány típusa *', documentId: 'Okmányszám *' });
    await user.click(screen.getByRole('button', { name: 'Bejelentkezés mentése' }));
    const form = screen.getByRole('form', { name: 'Vendég bejelentkeztetése' });
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('A vendég már bejelentkezett'));
    expect(screen.getAllByTestId('checked-in-guest')).toHaveLength(1);
  }, 120_000);

  it('offers no check-in, check-out or correction to roles that cannot write them', async () => {
    render('owner', 'en', { guest: G1, field: 'zip' });
    await screen.findAllByTestId('checked-in-guest');
    expect(screen.queryByRole('button', { name: 'Record check-out' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check in a guest' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Correct' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('gives a property manager the reception actions', async () => {
    render('manager');
    await screen.findAllByTestId('checked-in-guest');
    expect(screen.getByRole('button', { name: 'Record check-out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check in a guest' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Correct' })).toBeTruthy();
  });
});

describe('BookingJourneyPanel (correcting a check-in NTAK refused)', () => {
  it('opens from the /ntak link with the refused field marked and focused; saving re-sends the refused message once', async () => {
    const user = userEvent.setup({ delay: null });
    guests = [guest({ country: 'HU', zip: '1999', registry_submissions: [{ __typename: 'registry_submissions', id: 's-ntak', service: 'ntak', message_type: 'check_in' }] })];
    render('manager', 'en', { guest: G1, field: 'zip' });
    const form = await screen.findByRole('form', { name: 'Correct the check-in' });
    expect(screen.getByTestId('registry-refused').textContent).toBe('Refused by NTAK');
    const zip = within(form).getByLabelText('Postcode');
    await waitFor(() => expect(document.activeElement).toBe(zip));
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('NTAK or VIZA refused this field: correct it from the document.')).toBeTruthy();
    // The stored guest fills the form.
    expect((within(form).getByLabelText('Document number *') as HTMLInputElement).value).toBe('C01X00T47');
    expect((within(form).getByLabelText('Arrival time *') as HTMLInputElement).value).toBe('15:00');

    await user.clear(zip);
    await user.type(zip, '1061');
    expect(zip.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save and re-send' }));
    expect(await screen.findByText('The check-in of Anna Müller is corrected and the registry accepted it.')).toBeTruthy();
    const update = sent.filter((s) => s.operationName === 'UpdateStaffCheckin');
    expect(update).toHaveLength(1);
    expect(update[0].variables).toEqual({
      id: G1,
      set: {
        first_name: 'Anna', last_name: 'Müller', birth_first_name: null, birth_last_name: null, mother_first_name: 'Eva', mother_last_name: 'Schmidt', dob: '1985-04-12', pob: 'Berlin',
        gender: 'female', nationality: 'DE', country: 'HU', zip: '1061', city: null, address: null, document_type: 'id_card', document_id: 'C01X00T47',
        // The stored days and times, as Budapest wall-clock time.
        checkin_time: '2026-12-10T15:00:00+01:00', checkout_time: '2026-12-12T10:00:00+01:00',
      },
    });
    expect(registry.calls).toEqual([{ path: '/registry/resend', body: { submissionId: 's-ntak' } }]);
    await waitFor(() => expect(screen.queryByTestId('registry-refused')).toBeNull());
    expect(screen.queryByRole('form', { name: 'Correct the check-in' })).toBeNull();
  }, 120_000);

  it('says so when the registry still refuses, and shows the database refusal in Hungarian', async () => {
    const user = userEvent.setup({ delay: null });
    guests = [guest({ registry_submissions: [{ __typename: 'registry_submissions', id: 's-viza', service: 'viza', message_type: 'check_in' }] })];
    refuseUpdate = 'Check constraint violation. new row for relation "guest_checkins" violates check constraint "guest_checkins_nationality_ntak_check"';
    render('communicator', 'hu');
    await screen.findAllByTestId('checked-in-guest');
    expect(screen.getByTestId('registry-refused').textContent).toBe('Elutasította: VIZA');
    await user.click(screen.getByRole('button', { name: 'Javítás' }));
    const form = screen.getByRole('form', { name: 'Bejelentkezés javítása' });
    await user.click(within(form).getByRole('button', { name: 'Mentés és újraküldés' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Válasszon országot'));
    refuseUpdate = 'Check constraint violation. The departure is before the guest arrived';
    await user.click(within(form).getByRole('button', { name: 'Mentés és újraküldés' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Az érkezés nem lehet a rögzített távozás után.'));
    expect(registry.calls).toEqual([]);

    refuseUpdate = null;
    resendAnswer = { status: 'error', reason: 'rejected: guests[0].documentNumber: unknown document' };
    await user.click(within(form).getByRole('button', { name: 'Mentés és újraküldés' }));
    expect(await screen.findByText('Anna Müller bejelentkezése mentve, de a nyilvántartás továbbra is elutasítja: rejected: guests[0].documentNumber: unknown document')).toBeTruthy();
    expect(registry.calls.map((c) => c.body.submissionId)).toEqual(['s-viza']);
    expect(screen.getByTestId('registry-refused')).toBeTruthy();

    // A second tab delivering it at the same moment: said to be on its way, not refused.
    resendAnswer = { status: 'pending', reason: 'held by another delivery' };
    await user.click(screen.getByRole('button', { name: 'Javítás' }));
    await user.click(within(screen.getByRole('form', { name: 'Bejelentkezés javítása' })).getByRole('button', { name: 'Mentés és újraküldés' }));
    expect(await screen.findByText('Anna Müller bejelentkezése javítva; a javított adatok küldése folyamatban (az NTAK és a VIZA oldal mutatja a választ).')).toBeTruthy();
  }, 120_000);
});
