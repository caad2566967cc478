import { describe, expect, it } from 'vitest';
import { packageOf, summarizeReport } from './bundleReport';

describe('bundle report', () => {
  it('names the package of a module', () => {
    expect(packageOf('./node_modules/@mui/material/Button/Button.js')).toBe('@mui/material');
    expect(packageOf('./node_modules/.pnpm/x/node_modules/xstate/es/index.js')).toBe('xstate');
    expect(packageOf('./src/features/accommodations/urls.ts')).toBe('src (app code)');
  });

  it('lists the largest chunks and what weighs most in them', () => {
    const data = [
      { label: 'static/chunks/1-a.js', gzipSize: 3000, groups: [{ label: 'x', path: './node_modules/xstate/es/a.js', gzipSize: 2000 }, { label: 'y', path: './node_modules/@mui/material/B.js', gzipSize: 1000 }] },
      { label: 'static/chunks/2-b.js', gzipSize: 500, groups: [{ label: 'z', path: './src/a.ts', gzipSize: 500 }] },
    ];
    const html = `<script>window.chartData = ${JSON.stringify(data)};\nwindow.defaultSizes = "gzip";</script>`;
    expect(summarizeReport(html)).toEqual([
      { chunk: '1-a.js', gzipKb: 3, packages: [{ name: 'xstate', gzipKb: 2 }, { name: '@mui/material', gzipKb: 1 }] },
      { chunk: '2-b.js', gzipKb: 0.5, packages: [{ name: 'src (app code)', gzipKb: 0.5 }] },
    ]);
  });
});
