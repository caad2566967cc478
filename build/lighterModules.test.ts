// The browser build's lighter stand-ins for two third-party modules (build/lighterModules.js).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMOTION_STYLED, EMOTION_STYLED_BASE, FETCH_PONYFILL, NATIVE_FETCH } from './lighterModules';
import fetchPonyfill from './nhost/nativeFetch';

const require = createRequire(import.meta.url);

describe('lighter modules for the browser build', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('matches fetch-ponyfill as the Nhost auth SDK imports it', () => {
    const source = fs.readFileSync(path.join(path.dirname(require.resolve('@nhost/hasura-auth-js/package.json')), 'dist', 'index.esm.js'), 'utf8');
    const request = /from ["'](fetch-ponyfill)["']/.exec(source)?.[1];
    expect(request).toBe('fetch-ponyfill');
    expect(FETCH_PONYFILL.test(request ?? '')).toBe(true);
    expect(fs.existsSync(NATIVE_FETCH)).toBe(true);
  });

  it('gives the page’s own fetch, looked up on each call', async () => {
    const stub = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', stub);
    const { fetch, Headers: HeadersClass, Response: ResponseClass } = fetchPonyfill();
    await fetch('https://auth.example/v1/token', { method: 'POST' });
    expect(stub).toHaveBeenCalledWith('https://auth.example/v1/token', { method: 'POST' });
    expect(HeadersClass).toBe(globalThis.Headers);
    expect(ResponseClass).toBe(globalThis.Response);
  });

  it('matches @emotion/styled as MUI’s styled engine imports it, and MUI calls only styled(tag, options)', () => {
    const source = fs.readFileSync(require.resolve('@mui/styled-engine').replace(/index\.js$/, 'index.mjs'), 'utf8');
    const imported = /import (\w+) from ["'](@emotion\/styled)["']/.exec(source);
    expect(imported?.[2]).toBe('@emotion/styled');
    expect(EMOTION_STYLED.test(imported?.[2] ?? '')).toBe(true);
    // No tag shortcut (`emStyled.div`) is used, only calls.
    const uses = source.match(new RegExp(`${imported?.[1]}[.(]`, 'g')) ?? [];
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.every((u) => u.endsWith('('))).toBe(true);
    expect(require.resolve(EMOTION_STYLED_BASE)).toMatch(/styled[\\/]base/);
  });
});
