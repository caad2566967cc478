// Server-rendered content that the browser hydrates in small slices instead of one long task.
// React hydrates what sits inside a Suspense boundary at its lowest priority (OffscreenLane), a few
// milliseconds at a time between the browser's own work, while the server's HTML is already on
// screen; a tap or keystroke inside it hydrates that part at once and React replays the event. On a
// phone this turned the guest pages' hydration from one long task into many short ones
// (docs/performance.md). Nothing inside suspends, so the fallback is never shown.
import { Suspense, type ReactNode } from 'react';

export function SlicedHydration({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
