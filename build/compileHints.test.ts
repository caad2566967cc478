// The compile hint reaches the built framework and main chunks, every page's entry and the chunks
// of the eager import() groups: after a minifier that drops comments, with the source map still
// right, and on no other chunk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as compiled from 'next/dist/compiled/webpack/webpack';
import { sourceMapLookup, type SourceMap } from '../scripts/bench-calendar/cpuProfile';
import { COMPILE_HINT, CompileHintsPlugin } from './compileHints';

// The little of Next's bundled webpack this test uses (its own typings say `any`).
interface Asset {
  source(): string | Buffer;
}
interface Compilation {
  hooks: { processAssets: { tap(options: { name: string; stage: number }, fn: (assets: Record<string, Asset>) => void): void } };
  updateAsset(file: string, update: (source: Asset) => Asset): void;
}
interface Compiler {
  hooks: { thisCompilation: { tap(name: string, fn: (compilation: Compilation) => void): void } };
  run(callback: (error: Error | null, stats?: { hasErrors(): boolean; toString(): string }) => void): void;
  close(callback: () => void): void;
}
interface Webpack {
  (options: object): Compiler;
  Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: number };
  sources: { ReplaceSource: new (source: Asset) => Asset & { replace(start: number, end: number, text: string): void } };
}

/** Next's minifier stand-in: drops every line comment, at the stage Next's minifier runs. */
class StripComments {
  constructor(private readonly webpack: Webpack) {}
  apply(compiler: Compiler) {
    const { Compilation, sources } = this.webpack;
    compiler.hooks.thisCompilation.tap('StripComments', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StripComments', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE }, (assets) => {
        for (const file of Object.keys(assets)) {
          if (!file.endsWith('.js')) continue;
          compilation.updateAsset(file, (source) => {
            const stripped = new sources.ReplaceSource(source); // keeps the source map
            for (const m of String(source.source()).matchAll(/\/\/[^\n]*\n/g)) stripped.replace(m.index, m.index + m[0].length - 1, '');
            return stripped;
          });
        }
      });
    });
  }
}

let dir: string;
let built: Record<string, string>;

beforeAll(async () => {
  compiled.init();
  const webpack = (compiled as unknown as { webpack: Webpack }).webpack;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staydesk-compile-hints-'));
  fs.mkdirSync(path.join(dir, 'node_modules', 'react'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules', 'react', 'index.js'), '// react\nexports.render = function render(x) { return [x]; };\n');
  fs.writeFileSync(
    path.join(dir, 'main.js'),
    "// main\nconst { render } = require('react');\nconsole.log(render(1));\nimport('./later.js');\nimport(/* webpackChunkName: \"staff-chrome\" */ './chrome.js');\n",
  );
  fs.writeFileSync(path.join(dir, 'other.js'), '// other page\nconsole.log(2);\n');
  fs.writeFileSync(path.join(dir, 'polyfills.js'), '// legacy browsers only\nconsole.log(4);\n');
  fs.writeFileSync(path.join(dir, 'later.js'), '// loaded later\nexport const later = () => 3;\n');
  fs.writeFileSync(path.join(dir, 'chrome.js'), '// the staff shell, run as soon as it arrives\nexport const chrome = () => 5;\n');
  fs.mkdirSync(path.join(dir, 'pages'));
  fs.writeFileSync(path.join(dir, 'pages', 'list.js'), "// a staff page\nimport('../view.js');\n");
  fs.writeFileSync(path.join(dir, 'view.js'), '// the page\'s view, run as soon as it arrives\nexport const view = () => 6;\n');
  const compiler = webpack({
    context: dir,
    mode: 'production',
    devtool: 'source-map',
    entry: { main: './main.js', other: './other.js', polyfills: './polyfills.js', list: './pages/list.js' },
    output: { path: path.join(dir, 'out'), filename: '[name]-[contenthash].js', chunkFilename: '[name].[contenthash].js' },
    optimization: {
      minimize: true,
      minimizer: [new StripComments(webpack)],
      // As Next's config: React in a chunk named "framework".
      splitChunks: { chunks: 'all', cacheGroups: { framework: { name: 'framework', test: /node_modules[\\/]react[\\/]/, enforce: true } } },
    },
    plugins: [new CompileHintsPlugin(webpack, { pagesDir: path.join(dir, 'pages') })],
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString())) : compiler.close(() => resolve()))),
  );
  built = Object.fromEntries(fs.readdirSync(path.join(dir, 'out')).map((f) => [f, fs.readFileSync(path.join(dir, 'out', f), 'utf8')]));
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = (pattern: RegExp) => {
  const name = Object.keys(built).find((f) => pattern.test(f));
  if (!name) throw new Error(`no built file matches ${pattern}: ${Object.keys(built).join(', ')}`);
  return { name, text: built[name] };
};

describe('CompileHintsPlugin', () => {
  it('starts the framework and main chunks with the compile hint, after minification', () => {
    expect(file(/^framework-.*\.js$/).text.startsWith(COMPILE_HINT)).toBe(true);
    expect(file(/^main-.*\.js$/).text.startsWith(COMPILE_HINT)).toBe(true);
  });

  it("marks every chunk a page's HTML loads (another page's entry too), the code that runs at load", () => {
    expect(file(/^other-.*\.js$/).text.startsWith(COMPILE_HINT)).toBe(true);
  });

  it('marks the chunks of an import() named in EAGER_GROUPS (the staff shell, run as soon as it arrives)', () => {
    expect(file(/^staff-chrome\..*\.js$/).text.startsWith(COMPILE_HINT)).toBe(true);
  });

  it("marks the chunks a page module imports (a staff page's view, run as soon as it arrives)", () => {
    const view = Object.keys(built).find((f) => f.endsWith('.js') && built[f].includes('=> 6') && !/^list-/.test(f));
    expect(view).toBeDefined();
    expect(built[view ?? ''].startsWith(COMPILE_HINT)).toBe(true);
  });

  it('leaves other chunks loaded later by import() and the legacy polyfills without it', () => {
    expect(file(/^polyfills-.*\.js$/).text).not.toContain('allFunctionsCalledOnLoad');
    const lazy = Object.keys(built).filter((f) => f.endsWith('.js') && !/^(framework|main|other|polyfills|list)-|^staff-chrome\./.test(f) && !built[f].includes('=> 6'));
    expect(lazy.length).toBeGreaterThan(0);
    for (const f of lazy) expect(built[f]).not.toContain('allFunctionsCalledOnLoad');
  });

  it('keeps the source map pointing at the original lines (shifted by the added line)', () => {
    const main = file(/^main-.*\.js$/);
    const lines = main.text.split('\n');
    const line = lines.findIndex((l) => l.includes('render(1)'));
    const original = sourceMapLookup(JSON.parse(built[`${main.name}.map`]) as SourceMap)(line, lines[line].indexOf('render(1)'));
    expect(original).toMatch(/main\.js:3\b/);
  });
});
