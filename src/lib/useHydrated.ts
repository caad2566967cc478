// Whether the component renders in the browser after hydration. False on the server and in the
// browser's first (hydrating) render, so a component that draws something the server cannot know
// yet (the session, say) draws what the server drew first; otherwise React throws the served
// content of the whole Suspense boundary away and draws it anew, losing a press made meanwhile.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
