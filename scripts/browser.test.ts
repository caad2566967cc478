import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from './browser';

describe('findChromium', () => {
  it('takes CHROMIUM_PATH when it is an executable, and nothing else when it is not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-browser-'));
    const fake = path.join(dir, 'chrome');
    fs.writeFileSync(fake, '#!/bin/sh\n', { mode: 0o755 });
    try {
      expect(findChromium({ CHROMIUM_PATH: fake })).toEqual({ path: fake, source: 'CHROMIUM_PATH', headlessShell: false });
      expect(findChromium({ CHROMIUM_PATH: path.join(dir, 'missing') })).toBeUndefined();
      fs.chmodSync(fake, 0o644);
      expect(findChromium({ CHROMIUM_PATH: fake })).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives the tests a headless shell first, and keeps the full browser for everything else", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-browser-'));
    const shell = path.join(dir, 'chromium-headless-shell');
    const chosen = path.join(dir, 'chrome');
    for (const file of [shell, chosen]) fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
    try {
      expect(findChromium({}, 'tests', [shell])).toEqual({ path: shell, source: 'system', headlessShell: true });
      expect(findChromium({}, 'browser', [shell])?.path).not.toBe(shell);
      // CHROMIUM_PATH still decides.
      expect(findChromium({ CHROMIUM_PATH: chosen }, 'tests', [shell])).toEqual({ path: chosen, source: 'CHROMIUM_PATH', headlessShell: false });
      expect(findChromium({ CHROMIUM_PATH: shell }, 'browser', [shell])).toEqual({ path: shell, source: 'CHROMIUM_PATH', headlessShell: true });
      // No shell installed: the full browser, as before.
      fs.rmSync(shell);
      expect(findChromium({}, 'tests', [shell])?.headlessShell ?? false).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds some Chromium on this machine without CHROMIUM_PATH (the e2e step installs one otherwise)', () => {
    const found = findChromium({});
    if (found) expect(['system', 'playwright']).toContain(found.source);
  });
});
