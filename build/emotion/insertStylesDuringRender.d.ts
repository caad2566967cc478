// Types of insertStylesDuringRender.js (plain JS: next.config.js requires it).
export const EMOTION_INSERTION_EFFECT: RegExp;
export const INSERT_DURING_RENDER: string;
export function insertStylesDuringRenderPlugin(webpack: unknown): unknown;
