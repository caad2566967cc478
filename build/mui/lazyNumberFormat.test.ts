// MUI's TablePagination gets our number-label helper, which makes no Intl.NumberFormat until a number
// is formatted (one made at module load cost the accommodation list's first load ~35 ms).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import buildFormatNumber from './buildFormatNumber';
import { LAZY_FORMAT_NUMBER, MUI_FORMAT_NUMBER } from './lazyNumberFormat';

const require = createRequire(import.meta.url);

describe('lazy number format for MUI', () => {
  const original = Intl.NumberFormat;
  afterEach(() => {
    Intl.NumberFormat = original;
  });

  it('matches the helper as MUI’s TablePagination imports it, in both module formats', () => {
    const dir = path.dirname(require.resolve('@mui/material/TablePagination'));
    for (const file of ['TablePagination.mjs', 'TablePagination.js']) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      const request = /["']([^"'\n]*buildFormatNumber[^"'\n]*)["']/.exec(source)?.[1];
      expect(request, file).toBeDefined();
      expect(MUI_FORMAT_NUMBER.test(request ?? ''), `${file}: ${request}`).toBe(true);
    }
    // and the file it resolves to (matched after resolving, too)
    expect(MUI_FORMAT_NUMBER.test(path.join(dir, '..', 'locale', 'utils', 'buildFormatNumber.mjs'))).toBe(true);
    expect(fs.existsSync(LAZY_FORMAT_NUMBER)).toBe(true);
  });

  it('makes its Intl.NumberFormat on the first number formatted, not when built, and formats as MUI does', () => {
    let made = 0;
    Intl.NumberFormat = class extends original {
      constructor(...args: ConstructorParameters<typeof original>) {
        super(...args);
        made++;
      }
    } as typeof Intl.NumberFormat;
    const format = buildFormatNumber('en-US');
    expect(made).toBe(0);
    expect(format(1234567)).toBe('1,234,567');
    expect(format(42)).toBe('42');
    expect(made).toBe(1);
    expect(format(Number.NaN)).toBe('NaN');
    expect(format(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });

  it('falls back to plain text when the locale is refused', () => {
    expect(buildFormatNumber('not a locale!')(1234)).toBe('1234');
  });
});
