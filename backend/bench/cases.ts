// The benchmark's queries: each GraphQL request paired with the hand-written SQL that builds the
// same JSON, as a host (permission filters apply) and as admin (whole tables).

export type BenchRole = 'host' | 'admin';

export interface BenchCase {
  id: string;
  title: string;
  role: BenchRole;
  /** Root field the SQL result stands for. */
  field: string;
  graphql: { query: string; variables: Record<string, unknown> };
  sql: string;
  params: unknown[];
}

const FROM = '2025-03-01';
const TO = '2025-06-01';

const BOOKINGS = `query Bookings($from: date!, $to: date!) {
  bookings(where: {status: {_eq: "confirmed"}, check_in: {_gte: $from, _lt: $to}}, order_by: [{check_in: asc}, {id: asc}], limit: 50) {
    id guest_name check_in check_out status total
  }
}`;

const PORTFOLIO = `query Portfolio($from: date!) {
  accommodations(order_by: {name: asc}) {
    id name city
    units(order_by: {name: asc}) {
      id name capacity nightly_price
      bookings(where: {check_in: {_gte: $from}}, order_by: [{check_in: asc}, {id: asc}], limit: 3) {
        id guest_name check_in check_out status
      }
    }
  }
}`;

const STATS = `query Stats {
  bookings_aggregate(where: {status: {_eq: "confirmed"}}) {
    aggregate { count sum { total } avg { total } max { check_out } min { check_in } }
  }
}`;

/** Rows of bookings a host may see: through unit and accommodation, as a person would join them. */
const hostBookings = (alias: string, hostParam: string) =>
  `JOIN public.units u ON u.id = ${alias}.unit_id JOIN public.accommodations a ON a.id = u.accommodation_id AND a.host_id = ${hostParam}`;

/** numeric columns as the engine renders them: JSON strings unless HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES=false. */
export const stringifiesNumerics = () => (process.env.HASURA_GRAPHQL_STRINGIFY_NUMERIC_TYPES ?? 'true').toLowerCase() !== 'false';
const num = (expr: string) => (stringifiesNumerics() ? `(${expr})::text` : expr);

function bookingsSql(role: BenchRole): string {
  const p = role === 'host' ? ['$2', '$3'] : ['$1', '$2'];
  return `SELECT coalesce(json_agg(json_build_object('id', b.id, 'guest_name', b.guest_name, 'check_in', b.check_in,
      'check_out', b.check_out, 'status', b.status, 'total', ${num('b.total')}) ORDER BY b.check_in, b.id), '[]')::text AS result
    FROM (SELECT b.* FROM public.bookings b ${role === 'host' ? hostBookings('b', '$1') : ''}
          WHERE b.status = 'confirmed' AND b.check_in >= ${p[0]} AND b.check_in < ${p[1]}
          ORDER BY b.check_in, b.id LIMIT 50) b`;
}

function portfolioSql(role: BenchRole): string {
  const from = role === 'host' ? '$2' : '$1';
  return `SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'city', a.city, 'units', (
      SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'capacity', u.capacity,
          'nightly_price', ${num('u.nightly_price')}, 'bookings', (
            SELECT coalesce(json_agg(json_build_object('id', b.id, 'guest_name', b.guest_name, 'check_in', b.check_in,
                'check_out', b.check_out, 'status', b.status) ORDER BY b.check_in, b.id), '[]')
            FROM (SELECT * FROM public.bookings b WHERE b.unit_id = u.id AND b.check_in >= ${from}
                  ORDER BY b.check_in, b.id LIMIT 3) b)) ORDER BY u.name), '[]')
      FROM public.units u WHERE u.accommodation_id = a.id)) ORDER BY a.name), '[]')::text AS result
    FROM public.accommodations a ${role === 'host' ? 'WHERE a.host_id = $1' : ''}`;
}

function statsSql(role: BenchRole): string {
  return `SELECT json_build_object('aggregate', json_build_object('count', count(*),
      'sum', json_build_object('total', sum(b.total)::text), 'avg', json_build_object('total', avg(b.total)::text),
      'max', json_build_object('check_out', max(b.check_out)), 'min', json_build_object('check_in', min(b.check_in))))::text AS result
    FROM public.bookings b ${role === 'host' ? hostBookings('b', '$1') : ''}
    WHERE b.status = 'confirmed'`;
}

export function benchCases(hostId: string): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const role of ['host', 'admin'] as const) {
    const host = role === 'host' ? [hostId] : [];
    cases.push(
      {
        id: 'a',
        title: 'filtered single table',
        role,
        field: 'bookings',
        graphql: { query: BOOKINGS, variables: { from: FROM, to: TO } },
        sql: bookingsSql(role),
        params: [...host, FROM, TO],
      },
      {
        id: 'b',
        title: '3-level nested',
        role,
        field: 'accommodations',
        graphql: { query: PORTFOLIO, variables: { from: FROM } },
        sql: portfolioSql(role),
        params: [...host, FROM],
      },
      {
        id: 'c',
        title: 'aggregate',
        role,
        field: 'bookings_aggregate',
        graphql: { query: STATS, variables: {} },
        sql: statsSql(role),
        params: host,
      },
    );
  }
  return cases;
}
