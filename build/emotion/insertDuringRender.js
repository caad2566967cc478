// Stands in for @emotion/use-insertion-effect-with-fallbacks in the browser build (next.config.js
// swaps it in): emotion then adds a component's new styles while React renders it, as it did before
// React 18, instead of in React's insertion effects. Insertion effects run in the commit, which
// React never splits: the signed-in list's two largest commits were half emotion (stylis compiling
// and `insertRule`, docs/performance.md). A render of a deferred value or a transition is done in
// 5 ms slices, so the same work moves into short tasks. A render React throws away leaves its rules
// in the sheet, which is harmless: emotion keys rules by their content and never inserts one twice.
const React = require('react');

const duringRender = (create) => create();

module.exports = {
  useInsertionEffectAlwaysWithSyncFallback: duringRender,
  // Global styles (<GlobalStyles>, the CSS baseline) keep an effect: they remove their rules when unmounted.
  useInsertionEffectWithLayoutFallback: React.useInsertionEffect || React.useLayoutEffect,
};
