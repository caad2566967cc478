// A restore writes a marker into the data folder first and removes it only once the database and
// the files are all in place. A restore that was killed or failed halfway leaves the marker, and
// the folder is refused (by the backend and by another restore) instead of being served half
// restored, or filled with demo data as if it were new.
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseFolderError } from './pglite';

export const RESTORE_MARKER = 'RESTORE-INCOMPLETE';

export function markRestoreStarted(dataDir: string, from: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, RESTORE_MARKER);
  fs.writeFileSync(file, `a restore from ${from} started ${new Date().toISOString()} (pid ${process.pid}) and has not finished\n`);
  const fd = fs.openSync(file, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}

export function markRestoreFinished(dataDir: string): void {
  fs.rmSync(path.join(dataDir, RESTORE_MARKER), { force: true });
}

export function restoreInterrupted(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, RESTORE_MARKER));
}

/** Refuses a folder an unfinished restore left behind. */
export function refuseInterruptedRestore(dataDir: string): void {
  if (!restoreInterrupted(dataDir)) return;
  throw new DatabaseFolderError(dataDir, `a restore into it did not finish (${RESTORE_MARKER} is still there), so it may hold only part of the backup. Delete the folder and run the restore again`);
}
