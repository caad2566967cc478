// Swaps @mui/material's number-label helper for ours (build/mui/buildFormatNumber.js, which says why)
// in the browser build.
const path = require('node:path');

/** What MUI's modules import it as (TablePagination: "../locale/utils/buildFormatNumber.mjs"). */
const MUI_FORMAT_NUMBER = /[\\/]locale[\\/]utils[\\/]buildFormatNumber(\.m?js)?$/;
const LAZY_FORMAT_NUMBER = path.join(__dirname, 'buildFormatNumber.js');

/** @param {typeof import('webpack')} webpack Next's own webpack (the `webpack` option of next.config's hook). */
const lazyNumberFormatPlugin = (webpack) => new webpack.NormalModuleReplacementPlugin(MUI_FORMAT_NUMBER, LAZY_FORMAT_NUMBER);

module.exports = { MUI_FORMAT_NUMBER, LAZY_FORMAT_NUMBER, lazyNumberFormatPlugin };
