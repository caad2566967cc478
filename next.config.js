// Next.js configuration: pages router, i18n routing for en/hu.
const { i18n } = require('./next-i18next.config');
const { CompileHintsPlugin } = require('./build/compileHints');
const { lazyNumberFormatPlugin } = require('./build/mui/lazyNumberFormat');
const { insertStylesDuringRenderPlugin } = require('./build/emotion/insertStylesDuringRender');
const { lighterModulesPlugins } = require('./build/lighterModules');

/** @type {import('next').NextConfig} */
const config = {
  reactStrictMode: true,
  i18n,
  poweredByHeader: false,
  // `npm test` type-checks and lints the whole tree on its own; the build need not repeat it.
  eslint: { ignoreDuringBuilds: true },
  typescript: { ignoreBuildErrors: true },
  // A separate build folder (e.g. for the e2e build) so a running `next dev` and a build never
  // overwrite each other's output.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // `npm run bench:calendar -- --profile` names the functions of a CPU profile from these maps.
  productionBrowserSourceMaps: process.env.NEXT_BROWSER_SOURCE_MAPS === 'true',
  // React's and Next's browser chunks compiled while they download (build/compileHints.js).
  webpack: (webpackConfig, { isServer, dev, webpack }) => {
    if (!isServer && !dev) webpackConfig.plugins.push(new CompileHintsPlugin(webpack));
    // MUI's TablePagination made an Intl.NumberFormat when its module was evaluated; ours on first use.
    if (!isServer) webpackConfig.plugins.push(lazyNumberFormatPlugin(webpack));
    // Emotion adds new styles while React renders (in slices), not in the commit (build/emotion/).
    if (!isServer) webpackConfig.plugins.push(insertStylesDuringRenderPlugin(webpack));
    // The browser's own fetch for the Nhost SDK, emotion's styled without its tag shortcuts (build/lighterModules.js).
    if (!isServer) webpackConfig.plugins.push(...lighterModulesPlugins(webpack));
    return webpackConfig;
  },
};

// `npm run bench:web -- --analyze` (ANALYZE=true): treemaps of what each chunk holds, written to
// <distDir>/analyze/{client,nodejs,edge}.html. The analyser is a dev dependency, loaded only then.
module.exports = process.env.ANALYZE === 'true' ? require('@next/bundle-analyzer')({ enabled: true, openAnalyzer: false })(config) : config;
