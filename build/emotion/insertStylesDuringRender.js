// Swaps emotion's insertion-effect helper for ours (build/emotion/insertDuringRender.js, which says
// why) in the browser build.
const path = require('node:path');

/** The package as @emotion/react and @emotion/styled import it. */
const EMOTION_INSERTION_EFFECT = /^@emotion[\\/]use-insertion-effect-with-fallbacks$/;
const INSERT_DURING_RENDER = path.join(__dirname, 'insertDuringRender.js');

/** @param {typeof import('webpack')} webpack Next's own webpack (the `webpack` option of next.config's hook). */
const insertStylesDuringRenderPlugin = (webpack) => new webpack.NormalModuleReplacementPlugin(EMOTION_INSERTION_EFFECT, INSERT_DURING_RENDER);

module.exports = { EMOTION_INSERTION_EFFECT, INSERT_DURING_RENDER, insertStylesDuringRenderPlugin };
