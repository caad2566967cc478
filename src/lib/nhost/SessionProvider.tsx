// Gives the components below the Nhost session client (what @nhost/react's hooks read).
// Why not @nhost/react's NhostProvider: it makes an interpreter per mount and stops it on unmount,
// while the client keeps the first one it was given. Our pages mount the providers per layout, so
// after a lean page (the landing) a remounted NhostProvider would leave every hook on a stopped
// interpreter, stuck in "loading". Here the client starts its own interpreter once per tab, which
// no unmount stops; the session survives layout changes.
import type { ReactNode } from 'react';
import { NhostReactContext, type NhostClient } from '@nhost/react';

export function startSession(nhost: NhostClient): void {
  // On the server every render starts afresh (the SDK allows that there); in the browser once.
  if (!nhost.auth.client.started || typeof window === 'undefined') nhost.auth.client.start({ devTools: nhost.devTools });
}

export function SessionProvider({ nhost, children }: { nhost: NhostClient; children: ReactNode }) {
  startSession(nhost);
  return <NhostReactContext.Provider value={nhost}>{children}</NhostReactContext.Provider>;
}
