// Types of insertDuringRender.js (plain JS: the browser build swaps it in for emotion's helper).
export function useInsertionEffectAlwaysWithSyncFallback<T>(create: () => T): T | undefined;
export const useInsertionEffectWithLayoutFallback: (effect: () => void | (() => void), deps?: readonly unknown[]) => void;
