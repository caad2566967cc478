// The e2e run's backend (playwright.config.ts): the local NTAK and VIZA doubles and their NTAK
// portal first (on E2E_NTAK_PORT, E2E_VIZA_PORT and E2E_PORTAL_PORT; by default any free port, so
// two e2e runs on one machine never collide; the addresses taken are written to
// E2E_REGISTRY_FILE for the specs), then the backend in this process with the doubles' endpoints
// and CA in its environment, so the e2e sends real signed messages over mutual TLS.
// The database is in memory, from the cached snapshot of the migrated and seeded project
// (tests/helpers/backend.ts; Vitest's run has usually made it already): a fresh data folder took
// initdb, every migration and the demo seeds, 25-30 s of CPU before the first spec. The folder
// keeps the doubles' state and the stored files.
// Arguments: --port <backend port> --data <data folder>. A stop signal closes the backend, then
// the doubles.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../backend/config';
import type { Db } from '../backend/db';
import { startDevDoubles } from '../backend/doubles/dev';
import { startBackend, type RunningBackend } from '../backend/server';
import { freshDatabase } from '../tests/helpers/backend';
import { addDays } from '../src/domain/dates';
import { E2E_LEGACY_BOOKING, E2E_NTAK_PORT, E2E_PORTAL_PORT, E2E_VIZA_PORT } from './e2e-web';

function flag(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

const STUDIO = '30000000-0000-4000-a000-000000000004';

/**
 * A booking stored before the country check (migration 1795500000000) with the booker's country
 * `UK`, as an older database may hold one: the e2e fixes the field NTAK refuses. Written with the
 * check switched off for this one statement, on a unit of its own (no other stay overlaps).
 */
async function legacyBooking(db: Db): Promise<void> {
  const unit = crypto.randomUUID();
  const checkin = addDays(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Budapest' }).format(new Date()), 12);
  await db.query(`INSERT INTO public.units (id, accommodation_id, name, category, double_beds, occ_adults) VALUES ($1, $2, 'Legacy import', 'APARTMAN', 1, 2)`, [unit, STUDIO]);
  await db.query('ALTER TABLE public.bookings DISABLE TRIGGER bookings_country_check');
  try {
    await db.query(
      `INSERT INTO public.bookings (id, accommodation_id, customer_name, customer_email, customer_country, channel, checkin, checkout, adults, currency, accommodation_fee)
       VALUES ($1, $2, 'Oliver Brown', 'oliver.brown@example.test', 'UK', 'direct', $3, $4, 1, 'HUF', 58000)`,
      [E2E_LEGACY_BOOKING, STUDIO, checkin, addDays(checkin, 2)],
    );
  } finally {
    await db.query('ALTER TABLE public.bookings ENABLE TRIGGER bookings_country_check');
  }
  await db.query(`INSERT INTO public.booked_units (booking_id, unit_id, checkin, checkout, adults) VALUES ($1, $2, $3, $4, 1)`, [E2E_LEGACY_BOOKING, unit, checkin, addDays(checkin, 2)]);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dataDir = path.resolve(flag(args, 'data') ?? '.data-e2e');
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The doubles read their ports from these (backend/doubles/dev.ts); 0 = any free port.
  process.env.NTAK_DOUBLE_PORT = String(E2E_NTAK_PORT);
  process.env.VIZA_DOUBLE_PORT = String(E2E_VIZA_PORT);
  process.env.NTAK_PORTAL_PORT = String(E2E_PORTAL_PORT);
  delete process.env.NTAK_ENDPOINT;
  delete process.env.VIZA_ENDPOINT;
  // Inside the (fresh) data folder, as `npm run dev` keeps them: no state from an earlier run.
  const doubles = await startDevDoubles(dataDir, (line) => console.log(`[registry] ${line}`));
  if (!doubles) throw new Error('the NTAK and VIZA doubles did not start');
  fs.writeFileSync(path.join(dataDir, 'registry-doubles', 'urls.json'), JSON.stringify(doubles.urls));
  // Functions read their configuration at run time from this process's environment.
  Object.assign(process.env, doubles.env, {
    // A fresh sealing key per run, 2048-bit keys (quicker to generate), retries a second apart.
    REGISTRY_KEY_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    NTAK_RSA_BITS: '2048',
    REGISTRY_RETRY_BASE_SECONDS: '1',
    // The daily close may be asked for at any hour of the e2e run.
    NTAK_DAILY_CLOSE_HOUR: '0',
  });
  const port = flag(args, 'port');
  const running: { backend?: RunningBackend } = {};
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    try {
      await running.backend?.close();
    } finally {
      await doubles.close();
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  const config = loadConfig({ ...(port ? { port } : {}), data: dataDir });
  const db = await freshDatabase(config.projectDir, config.applySeeds);
  const backend = await startBackend(config, { db });
  running.backend = { ...backend, close: () => backend.close().finally(() => db.close()) };
  await legacyBooking(backend.ctx.db);
  console.log(`[e2e-backend] ready on ${backend.url}; NTAK ${doubles.urls.ntak}, VIZA ${doubles.urls.viza}, portal ${doubles.urls.portal}`);
}

main().catch((e: unknown) => {
  console.error(`[e2e-backend] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
