import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startBackend } from '../server';
import { DatabaseFolderError } from './pglite';
import { markRestoreFinished, markRestoreStarted, refuseInterruptedRestore, restoreInterrupted } from './restoreMarker';

describe('an unfinished restore', () => {
  it('marks the folder until the restore finishes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-marker-'));
    expect(restoreInterrupted(dir)).toBe(false);
    markRestoreStarted(dir, '/backups/monday');
    expect(() => refuseInterruptedRestore(dir)).toThrow(DatabaseFolderError);
    expect(() => refuseInterruptedRestore(dir)).toThrow(/did not finish.*Delete the folder and run the restore again/s);
    markRestoreFinished(dir);
    expect(() => refuseInterruptedRestore(dir)).not.toThrow();
  });

  it('is refused by the backend before it opens (or seeds) the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-marker-'));
    markRestoreStarted(dir, '/backups/monday');
    const config = loadConfig({ port: '0', data: dir, quiet: true });
    await expect(startBackend(config)).rejects.toBeInstanceOf(DatabaseFolderError);
    // Nothing was created beside the marker: no database, no demo data.
    expect(fs.readdirSync(dir).filter((f) => f !== 'RESTORE-INCOMPLETE' && f !== 'backend.lock')).toEqual([]);
  });
});
