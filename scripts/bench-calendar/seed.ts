// The calendar benchmarks' data, written by SQL (no GraphQL, no events): one accommodation of
// `units` units, each with a rate (three assigned price rules, a nightly price every 30 days) and
// a rate derived from it (10% off), closed nights every 53 days, and a stay of 2-5 nights with 1-4
// free nights between over a year from `from`, each its own booking (channels alternating).
// Event triggers must not be installed yet, or their events be dropped after: the seed is data,
// not work for the events worker.
import type { Db } from '../../backend/db';

export const BENCH_ACCOMMODATION = '30000000-0000-4000-b000-000000000001';
const CHANNELS = ['airbnb', 'booking', 'direct', 'other'];

export async function seedCalendarData(db: Db, from: string, units: number): Promise<{ accommodationId: string; bookings: number }> {
  const a = BENCH_ACCOMMODATION;
  // The calendar's per-request night cap (1000) is for users; a benchmark seeds in one go.
  await db.exec(`
    ALTER TABLE public.unit_dates DISABLE TRIGGER unit_dates_insert_limits;
    ALTER TABLE public.rate_dates DISABLE TRIGGER rate_dates_insert_limits;
    INSERT INTO public.accommodations (id, name, zip, address) VALUES ('${a}', 'Benchmark Tower', '1051', 'Bench utca 1');
    INSERT INTO public.price_rules (name, priority, conditions, results) VALUES
      ('Bench weekend', 10, '[{"field":"weekday","op":"in","value":[5,6]}]', '{"type":"PERCENT","value":15}'),
      ('Bench January', 5, '[{"field":"month","op":"eq","value":1}]', '{"type":"PERCENT","value":-12}'),
      ('Bench week', 1, '[{"field":"nights","op":"gte","value":7}]', '{"type":"PERCENT","value":-10}');
    INSERT INTO public.units (accommodation_id, name, position, occ_adults, occ_children, occ_infants)
      SELECT '${a}', 'Unit ' || lpad(i::text, 3, '0'), i, 4, 2, 1 FROM generate_series(1, ${Math.trunc(units)}) AS i;
    INSERT INTO public.rates (unit_id, name, occupancy, currency, price, min_stay)
      SELECT id, 'Standard', 2, 'EUR', 60 + position % 40, 1 FROM public.units WHERE accommodation_id = '${a}';
    INSERT INTO public.rates (unit_id, name, occupancy, currency, price, parent_rate_id, derived_change_type, derived_change_value, inherit_closed_to_arrival)
      SELECT r.unit_id, 'Non-refundable', 2, 'EUR', 0, r.id, 'PERCENT', -10, true FROM public.rates r JOIN public.units u ON u.id = r.unit_id WHERE u.accommodation_id = '${a}';
    INSERT INTO public.price_rule_assignments (price_rule_id, rate_id)
      SELECT p.id, r.id FROM public.price_rules p CROSS JOIN public.rates r JOIN public.units u ON u.id = r.unit_id
      WHERE p.name LIKE 'Bench %' AND r.name = 'Standard' AND u.accommodation_id = '${a}';
    INSERT INTO public.unit_dates (unit_id, date, is_closed)
      SELECT u.id, '${from}'::date + 20 + k * 53 + u.position % 7, true FROM public.units u, generate_series(0, 5) AS k WHERE u.accommodation_id = '${a}';
    INSERT INTO public.rate_dates (rate_id, date, price)
      SELECT r.id, '${from}'::date + 5 + k * 30 + u.position % 5, 150 FROM public.rates r JOIN public.units u ON u.id = r.unit_id, generate_series(0, 11) AS k
      WHERE r.name = 'Standard' AND u.accommodation_id = '${a}';
    ALTER TABLE public.unit_dates ENABLE TRIGGER unit_dates_insert_limits;
    ALTER TABLE public.rate_dates ENABLE TRIGGER rate_dates_insert_limits;
  `);
  const rows = await db.query<{ id: string; position: number }>(`SELECT id, position FROM public.units WHERE accommodation_id = '${a}' ORDER BY position`);
  let bookings = 0;
  for (const u of rows.rows) {
    const values: string[] = [];
    for (let d = u.position % 4; d < 359; ) {
      const nights = 2 + ((d + u.position) % 4);
      values.push(`('${from}'::date + ${d}, '${from}'::date + ${d + nights}, '${CHANNELS[(d + u.position) % 4]}')`);
      d += nights + 1 + ((d * 7 + u.position) % 4);
    }
    bookings += values.length;
    await db.exec(`
      WITH s (checkin, checkout, channel) AS (VALUES ${values.join(',')}),
      b AS (INSERT INTO public.bookings (accommodation_id, customer_name, checkin, checkout, adults, channel)
            SELECT '${a}', 'Guest ${u.position}-' || checkin, checkin, checkout, 2, channel FROM s RETURNING id, checkin, checkout)
      INSERT INTO public.booked_units (booking_id, unit_id, checkin, checkout, adults) SELECT id, '${u.id}', checkin, checkout, 2 FROM b;
    `);
  }
  return { accommodationId: a, bookings };
}
