// Tells V8 to compile a page's first-load code while it downloads, not when first called.
//
// V8 compiles a function lazily: when it is first called, on the main thread. At page load that
// is most of React and Next's client and of the page's own first-load chunks: Next's `main` chunk
// requires react-dom and its router, and compiling those modules' functions on first call was about
// half of the `main` task (~60 ms of CPU on the bench host, 240 ms at Lighthouse's 4x slowdown: the
// guest journey's Total Blocking Time); a staff page's shared chunk (MUI, emotion, the Nhost client)
// and page chunk did the same in the page module's task. Chromium (136+) reads the magic comment
// below at the top of a script and compiles every function in it eagerly, on a background thread
// while the script streams in; other browsers ignore a comment. The chunks that carry it are the
// ones a page's HTML loads (framework, main, the page's chunk and the chunks split out of it), whose
// modules all run at load, and the chunks of import()s whose code runs as soon as it arrives: those
// named in EAGER_GROUPS (the data client with the shell: its chunk's evaluation, mostly compiling
// Apollo's functions on first call, was the signed-in pages' longest task) and those a page module
// itself imports (a staff page's view through lazyView, the signed-in home, the toast host), which
// the opened page runs once they are there. Not other chunks loaded by import() (a guest card's
// contracts on first input, parts a view loads later), nor the legacy browsers' polyfills.
// Figures: docs/performance.md.
const path = require('node:path');

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const EAGER_CHUNKS = new Set(['framework', 'main']);
/** `webpackChunkName`s of import()s whose code runs as soon as it arrives. */
const EAGER_GROUPS = new Set(['staff-chrome']);
const NEVER_EAGER = new Set(['polyfills']);
/** Where Next's page modules live: their import()s load what the page shows at once. */
const PAGES_DIR = path.resolve(__dirname, '..', 'src', 'pages');

class CompileHintsPlugin {
  /** @param {typeof import('webpack')} webpack Next's own webpack (the `webpack` option of next.config's hook). */
  constructor(webpack, { chunks = EAGER_CHUNKS, groups = EAGER_GROUPS, pagesDir = PAGES_DIR } = {}) {
    this.webpack = webpack;
    this.chunks = chunks;
    this.groups = groups;
    this.pagesDir = pagesDir + path.sep;
  }

  /** A chunk a page's HTML loads (or one named eager, or one of an eager import()), whose code runs at load. */
  isEager(chunk) {
    if (chunk.name && NEVER_EAGER.has(chunk.name)) return false;
    if (chunk.name !== undefined && chunk.name !== null && this.chunks.has(chunk.name)) return true;
    return chunk.canBeInitial() || [...chunk.groupsIterable].some((group) => this.isEagerImport(group));
  }

  /** An import() named in EAGER_GROUPS, or one in a page module. */
  isEagerImport(group) {
    if (group.name && this.groups.has(group.name)) return true;
    return group.origins.some((origin) => typeof origin.module?.resource === 'string' && origin.module.resource.startsWith(this.pagesDir));
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = this.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After minification (which drops comments), before the content hashes are computed.
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const chunk of compilation.chunks) {
          if (!this.isEager(chunk)) continue;
          for (const file of chunk.files) {
            if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        }
      });
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT, EAGER_CHUNKS, EAGER_GROUPS };
