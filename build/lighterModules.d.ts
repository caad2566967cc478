// Types of lighterModules.js (plain JS: next.config.js requires it).
export const FETCH_PONYFILL: RegExp;
export const NATIVE_FETCH: string;
export const EMOTION_STYLED: RegExp;
export const EMOTION_STYLED_BASE: string;
export function lighterModulesPlugins(webpack: unknown): unknown[];
