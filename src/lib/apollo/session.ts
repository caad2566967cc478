// What the data layer needs from the auth client: the current access token and the session
// events of SPEC 4 (SIGNED_IN, TOKEN_CHANGED, SIGNOUT). Kept as an interface so the Apollo
// wiring can be tested without a browser session.
import type { NhostClient } from '@nhost/nextjs';

export type SessionEvent = 'SIGNED_IN' | 'TOKEN_CHANGED' | 'SIGNOUT';

export interface SessionSource {
  getAccessToken(): string | null | undefined;
  onSessionEvent(listener: (event: SessionEvent, accessToken: string | null) => void): () => void;
}

export function nhostSessionSource(nhost: Pick<NhostClient, 'auth'>): SessionSource {
  return {
    getAccessToken: () => nhost.auth.getAccessToken(),
    onSessionEvent(listener) {
      const offState = nhost.auth.onAuthStateChanged((event, session) => {
        listener(event === 'SIGNED_IN' ? 'SIGNED_IN' : 'SIGNOUT', session?.accessToken ?? null);
      });
      const offToken = nhost.auth.onTokenChanged((session) => {
        listener('TOKEN_CHANGED', session?.accessToken ?? null);
      });
      return () => {
        offState();
        offToken();
      };
    },
  };
}
