import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeAbandonedInitFolders } from './embedded';

describe('first starts killed during initdb', () => {
  it('leave side folders that the next start removes, unless their process still runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'init-leftovers-'));
    const deadPid = 2 ** 22 + 17; // above Linux's pid_max: no such process
    for (const name of [`postgres.init-${deadPid}`, `postgres.init-${process.pid}`, 'postgres.init-x', 'storage']) fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, `postgres.init-${deadPid}`, 'PG_VERSION'), '16\n');
    fs.mkdirSync(path.join(dir, 'postgres.init-1')); // pid 1 is alive: its side folder stays
    removeAbandonedInitFolders(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['postgres.init-1', 'postgres.init-x', 'storage'].sort());
  });
});
