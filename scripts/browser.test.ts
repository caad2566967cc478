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
      expect(findChromium({ CHROMIUM_PATH: fake })).toEqual({ path: fake, source: 'CHROMIUM_PATH' });
      expect(findChromium({ CHROMIUM_PATH: path.join(dir, 'missing') })).toBeUndefined();
      fs.chmodSync(fake, 0o644);
      expect(findChromium({ CHROMIUM_PATH: fake })).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds some Chromium on this machine without CHROMIUM_PATH (the e2e step installs one otherwise)', () => {
    const found = findChromium({});
    if (found) expect(['system', 'playwright']).toContain(found.source);
  });
});
