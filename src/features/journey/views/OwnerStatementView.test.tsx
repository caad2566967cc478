// /tfh/[id], the owner's monthly statement: what the owner reads (money in the closing's currency,
// the month, the status, in English and Hungarian), and the answers for a statement the database
// does not show them, a malformed id and a failed load. The GraphQL endpoint is a local server that
// answers the page's own OwnerStatement query as Hasura would (the rows permissions are tested in
// the permission matrix).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { OwnerStatementView } from './OwnerStatementView';

const ID = '5f000000-0000-4000-a000-000000000001';
const CLOSING = {
  __typename: 'monthly_closings',
  id: ID,
  month: '2026-10-01',
  currency: 'HUF',
  revenue: '1250000.00',
  expenses_total: '180000.00',
  commission: '250000.00',
  tourist_tax: '45000.00',
  payout: '775000.00',
  nights: 23,
  status: 'closed',
  closed_at: '2026-11-02T09:00:00Z',
  notes: 'Boiler repaired on 12 October.',
  accommodation: { __typename: 'accommodations', id: 'a1', name: 'Váci Loft' },
  owner: { __typename: 'owners', id: 'o1', name: 'Kiss Péter' },
};

/** A loaded machine renders MUI slowly; the answers themselves are immediate. */
const WAIT = { timeout: 15_000 };
let server: http.Server;
let graphqlUrl = '';
/** What the fake engine answers next: a closing, null (not visible to this user) or a server error. */
let next: 'row' | 'null' | 'error' = 'row';
const seen: { operationName?: string; variables?: { id?: string } }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push(JSON.parse(body) as (typeof seen)[number]);
      if (next === 'error') return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ message: 'boom' }] }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { monthly_closings_by_pk: next === 'row' ? CLOSING : null } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  graphqlUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/graphql`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

describe('owner statement (/tfh/[id])', () => {
  it('shows the month, every figure in the closing currency and the status', async () => {
    next = 'row';
    renderWithProviders(<OwnerStatementView id={ID} />, { graphqlUrl });
    expect(await screen.findByRole('heading', { name: 'Váci Loft: October 2026' }, WAIT)).toBeTruthy();
    expect(seen[0]).toMatchObject({ operationName: 'OwnerStatement', variables: { id: ID } });
    const table = screen.getByRole('table', { name: 'Owner statement' });
    const row = (label: string) => within(within(table).getByRole('rowheader', { name: label }).closest('tr')!).getAllByRole('cell')[0].textContent;
    expect(row('Revenue')).toMatch(/^HUF\s?1,250,000$/);
    expect(row('Payout to the owner')).toMatch(/775,000/);
    expect(row('Nights sold')).toBe('23');
    expect(row('Status')).toBe('Closed');
    expect(screen.getByText('Owner: Kiss Péter')).toBeTruthy();
    expect(screen.getByText('Boiler repaired on 12 October.')).toBeTruthy();
  });

  it('reads in Hungarian for a Hungarian owner', async () => {
    next = 'row';
    renderWithProviders(<OwnerStatementView id={ID} />, { graphqlUrl, locale: 'hu' });
    expect(await screen.findByRole('heading', { name: /Váci Loft: 2026\. október/ }, WAIT)).toBeTruthy();
    expect(screen.getByText(/^1\s250\s000\sFt$/)).toBeTruthy();
    expect(screen.queryByText('Revenue')).toBeNull();
  });

  it("says 'Not found' for a statement the database does not show, and for a malformed id without asking", async () => {
    next = 'null';
    const { unmount } = renderWithProviders(<OwnerStatementView id={ID} />, { graphqlUrl });
    expect(await screen.findByText('Not found', {}, WAIT)).toBeTruthy();
    unmount();
    seen.length = 0;
    renderWithProviders(<OwnerStatementView id="../../admin" />, { graphqlUrl });
    expect(screen.getByText('Not found')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('says the statement could not be loaded when the server fails, not a blank page', async () => {
    next = 'error';
    renderWithProviders(<OwnerStatementView id={ID} />, { graphqlUrl });
    expect(await screen.findByText('The statement could not be loaded.', {}, WAIT)).toBeTruthy();
  });
});
