// Whether two-step sign-in (TOTP) is on for the signed-in user, read from the auth service's
// /user (the session's copy is from sign-in time and goes stale when the user changes it).
import { useCallback, useEffect, useState } from 'react';
import { useAccessToken, useNhostClient } from '@nhost/nextjs';
import type { AuthErrorLike } from '../lib/authErrors';

export interface MfaStatus {
  /** null while unknown (loading, or the request failed). */
  active: boolean | null;
  error: AuthErrorLike | null;
  setActive: (active: boolean) => void;
}

export function useMfaStatus(): MfaStatus {
  const nhost = useNhostClient();
  const accessToken = useAccessToken();
  const [active, setActive] = useState<boolean | null>(null);
  const [error, setError] = useState<AuthErrorLike | null>(null);
  // Only a sign-in or sign-out (not a token refresh) can change the answer.
  const signedIn = Boolean(accessToken);

  useEffect(() => {
    const token = nhost.auth.getAccessToken();
    if (!signedIn || !token) return;
    let current = true;
    (async () => {
      try {
        const res = await fetch(`${nhost.auth.url}/user`, { headers: { Authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { activeMfaType?: string | null } & AuthErrorLike;
        if (!current) return;
        if (res.ok) {
          setActive(body.activeMfaType === 'totp');
          setError(null);
        } else setError(body);
      } catch {
        if (current) setError({ error: 'network', status: 0 });
      }
    })();
    return () => {
      current = false;
    };
  }, [nhost, signedIn]);

  return { active, error, setActive: useCallback((value: boolean) => setActive(value), []) };
}
