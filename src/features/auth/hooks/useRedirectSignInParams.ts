// After a social or e-mailed-link redirect: reads the error the auth service sent back (ignoring
// "social user already exists") and, once the session has settled, takes the token parameters
// out of the address (the SDK does so on success; this also covers a rejected token).
import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { useAuthenticationStatus } from '@nhost/nextjs';
import { authRedirectError, hasTokenParams, readAuthRedirectParams, withoutTokenParams } from '../lib/redirectParams';

export function useRedirectSignInParams(): { error: string; message: string } | null {
  const router = useRouter();
  const { isLoading } = useAuthenticationStatus();
  const [error, setError] = useState<{ error: string; message: string } | null>(null);

  useEffect(() => {
    setError(authRedirectError(readAuthRedirectParams(window.location.href)));
  }, []);

  useEffect(() => {
    if (isLoading || !hasTokenParams(window.location.href)) return;
    void router.replace(withoutTokenParams(window.location.href), undefined, { shallow: true });
  }, [isLoading, router]);

  return error;
}
