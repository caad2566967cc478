// In-memory test databases shared by the test files of one worker (project node-shared, where
// vitest.config.mts sets STAYDESK_TEST_SHARED_BACKENDS=on). Loading a PGlite from the cached
// snapshot costs ~2-2.5 s of CPU; the files of a shared worker run one after another, so each
// takes the worker's database of its kind (project, seeds, statement timeout) when no other
// backend of the file holds it, and gives it back when its backend closes. Only the database is
// shared: every backend still starts its own services (GraphQL engine, auth, storage, events,
// functions, mail outbox, HTTP server) on it, so no rate limiter, cache, queue, subscription or
// outbox outlives the file. Given back, the database is put back as the snapshot left it
// (baseline.ts); a file that leaves what a reset cannot undo (a table, a setting, a lock) fails
// in its own closing with the list, and the database is dropped. Taken again, it is compared
// once more, so a write arriving after the closing fails the next file, naming the one before.
import type { Db } from '../../backend/db';
import { statementTimeoutFromEnv } from '../../backend/db';
import { takeBaseline, type Baseline } from './baseline';

interface Shared {
  db: Db;
  baseline: Baseline;
  busy: boolean;
  /** The test file that last gave it back. */
  lastFile?: string;
}

export interface Lease {
  db: Db;
  release(): Promise<void>;
}

const shared = new Map<string, Shared>();

export function sharingEnabled(): boolean {
  return process.env.STAYDESK_TEST_SHARED_BACKENDS === 'on' && process.env.STAYDESK_TEST_DB_SNAPSHOTS !== 'off';
}

function currentTestFile(): string {
  const state = (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect?.getState?.();
  return state?.testPath ?? 'an unknown file';
}

function listed(differences: string[]): string {
  const shown = differences.slice(0, 20).map((d) => `  ${d}`).join('\n');
  return differences.length > 20 ? `${shown}\n  ... and ${differences.length - 20} more` : shown;
}

/**
 * The worker's shared database of this kind (made by `open` on first use), or, while another
 * backend holds it, a database of its own. `kind` names what the database is (project and
 * seeds); the statement timeout joins it here.
 */
export async function leaseSharedDatabase(kind: string, open: () => Promise<Db>): Promise<Lease> {
  const key = `${kind}|timeout=${statementTimeoutFromEnv()}`;
  let entry = shared.get(key);
  // A second backend of a file while its first holds the shared one: no baseline taken, closed
  // with its backend.
  if (entry?.busy) {
    const db = await open();
    return { db, release: () => db.close() };
  }
  if (entry) {
    entry.busy = true;
    const late = await entry.baseline.differences();
    if (late.length) {
      shared.delete(key);
      await entry.db.close();
      throw new Error(`The shared test database changed after ${entry.lastFile ?? 'an earlier backend'} closed its backend (a write still running then?):\n${listed(late)}`);
    }
  } else {
    const db = await open();
    try {
      entry = { db, baseline: await takeBaseline(db), busy: true };
    } catch (e) {
      await db.close();
      throw e;
    }
    shared.set(key, entry);
  }
  const held = entry;
  let released = false;
  return {
    db: held.db,
    async release() {
      if (released) return;
      released = true;
      const left = await held.baseline.reset().catch((e: unknown) => [`the reset failed: ${e instanceof Error ? e.message : String(e)}`]);
      if (left.length) {
        shared.delete(key);
        await held.db.close();
        throw new Error(
          `${currentTestFile()} left the shared test database changed in ways a reset cannot undo:\n${listed(left)}\n` +
            'A file that changes the schema or the database session keeps its own: startTestBackend({ shared: false }).',
        );
      }
      held.lastFile = currentTestFile();
      held.busy = false;
    },
  };
}
