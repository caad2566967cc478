// Tells V8 to compile React's and Next's browser code while it downloads, not when first called.
//
// V8 compiles a function lazily: when it is first called, on the main thread. At page load that
// is most of React and Next's client: Next's `main` chunk requires react-dom and its router, and
// compiling those modules' functions on first call was about half of the `main` task (~60 ms of
// CPU on the bench host, 240 ms at Lighthouse's 4x slowdown: the guest journey's Total Blocking
// Time). Chromium (136+) reads the magic comment below at the top of a script and compiles every
// function in it eagerly, on a background thread while the script streams in; other browsers
// ignore a comment. Only the two chunks whose code nearly all runs at every page load carry it
// (framework: React and react-dom; main: Next's client runtime and router); eager compilation of
// code that does not run would only cost memory. Figures: docs/performance.md.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const EAGER_CHUNKS = new Set(['framework', 'main']);

class CompileHintsPlugin {
  /** @param {typeof import('webpack')} webpack Next's own webpack (the `webpack` option of next.config's hook). */
  constructor(webpack, chunks = EAGER_CHUNKS) {
    this.webpack = webpack;
    this.chunks = chunks;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = this.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After minification (which drops comments), before the content hashes are computed.
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const chunk of compilation.chunks) {
          if (!chunk.name || !this.chunks.has(chunk.name)) continue;
          for (const file of chunk.files) {
            if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
          }
        }
      });
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT, EAGER_CHUNKS };
