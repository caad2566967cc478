// Guards a staff page: waits for the session, sends a signed-out visitor to sign-in (and back
// afterwards), refuses roles the area is not for, and frames the page in the app shell.
import type { ReactNode } from 'react';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { useSignOut } from '@nhost/nextjs';
import { signInPathFor } from '@/features/auth/lib/redirectTarget';
import { canOpen } from '../navigation';
import { useSessionUser } from '../useSessionUser';
import { AppShell } from './AppShell';
import { NotAllowed } from './NotAllowed';
import { PageSkeleton, StaffSkeleton } from './PageSkeleton';

export interface StaffFrameProps {
  children: ReactNode;
  /** Navigation area the page belongs to; its roles decide who may open it. */
  area?: string;
  /** Rendered instead of redirecting when nobody is signed in (the home page's landing). */
  signedOut?: ReactNode;
}

export function StaffFrame({ children, area, signedOut }: StaffFrameProps) {
  const router = useRouter();
  const { isLoading, isAuthenticated, user } = useSessionUser();
  const { signOut } = useSignOut();
  const mustRedirect = !isLoading && !isAuthenticated && !signedOut;

  useEffect(() => {
    if (mustRedirect) void router.replace(signInPathFor(router.asPath));
  }, [mustRedirect, router]);

  // The shell and the page are the largest render of a staff page's load (MUI's styles for the
  // frame and the view). The session's arrival is an urgent update (an external store), which React
  // renders in one task; so the spinner stays for that update and the frame follows as a deferred
  // render, which React splits into short tasks (docs/performance.md: Total Blocking Time). Until
  // then the frame's skeleton with the page's heading stays, as the server drew it.
  const settled = useDeferredValue(!isLoading, false);
  const pageShown = useShownAfterShell(settled && isAuthenticated);
  if (isLoading || !settled) return <StaffSkeleton />;
  if (!isAuthenticated || !user) return signedOut ?? <StaffSkeleton />;
  const handleSignOut = () => {
    void signOut().then(() => router.replace('/sign-in'));
  };
  return (
    <AppShell user={user} onSignOut={handleSignOut}>
      {area && !canOpen(area, user.role) ? <NotAllowed /> : pageShown ? children : <PageSkeleton />}
    </AppShell>
  );
}

/**
 * False until the shell has been committed once, then true (from a transition).
 *
 * A commit is never split: React inserts every new component's styles (emotion's insertion effects)
 * and DOM in one task, and the shell with the view was the longest task of a staff page's load
 * (~190 ms CPU on the bench host, 680 ms at Lighthouse's 4x: docs/performance.md). So the shell
 * commits with the page's skeleton in its main area, and the page follows in a commit of its own.
 * Only on the frame's first showing: a navigation to another staff page keeps the frame mounted.
 */
function useShownAfterShell(shellShown: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shellShown && !shown) startTransition(() => setShown(true));
  }, [shellShown, shown]);
  return shown;
}
