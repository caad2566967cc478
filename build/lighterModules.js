// Browser-build swaps of third-party modules for lighter ones with the same use (next.config.js):
// each saves work the staff pages' first load did for nothing (docs/performance.md).
const path = require('node:path');

/** fetch-ponyfill, as the Nhost auth SDK imports it: the browser's own fetch (nhost/nativeFetch.js says why). */
const FETCH_PONYFILL = /^fetch-ponyfill$/;
const NATIVE_FETCH = path.join(__dirname, 'nhost', 'nativeFetch.js');

/**
 * @emotion/styled, as MUI's styled engine imports it: its main module is the base `styled` plus a
 * shortcut (`styled.div`, ...) made for each of ~140 HTML and SVG tags when it is evaluated; MUI
 * calls `styled(tag, options)` only, which the base module is.
 */
const EMOTION_STYLED = /^@emotion[\\/]styled$/;
const EMOTION_STYLED_BASE = '@emotion/styled/base';

/** @param {typeof import('webpack')} webpack Next's own webpack (the `webpack` option of next.config's hook). */
const lighterModulesPlugins = (webpack) => [new webpack.NormalModuleReplacementPlugin(FETCH_PONYFILL, NATIVE_FETCH), new webpack.NormalModuleReplacementPlugin(EMOTION_STYLED, EMOTION_STYLED_BASE)];

module.exports = { FETCH_PONYFILL, NATIVE_FETCH, EMOTION_STYLED, EMOTION_STYLED_BASE, lighterModulesPlugins };
