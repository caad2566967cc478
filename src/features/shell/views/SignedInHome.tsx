// The home page for a browser that holds a session: the providers, the guarded shell and the role
// dashboard. The lean landing page loads this chunk only when the session cookie is present.
import { useLayoutEffect } from 'react';
import dynamic from 'next/dynamic';
import Box from '@mui/material/Box';
import { STORED_SESSION_CLASS } from '@/lib/nhost/storedSession';
import { BaseProviders } from '@/components/BaseProviders';
import { PageHeadingContext, StaffSkeleton } from '../components/PageSkeleton';
import { HomeDashboard } from './HomeDashboard';
import { HOME_HEADING_KEY } from './HomeSkeleton';
import { Landing } from './Landing';

// The data client and the shell come in a chunk of their own (the home page starts its download
// beside this one's), as on staff pages: the browser runs the two chunks' code in two tasks, not
// in one long one before the first render (docs/performance.md).
const StaffChrome = dynamic(() => import(/* webpackChunkName: "staff-chrome" */ '../components/StaffChrome'), { ssr: false, loading: () => <StaffSkeleton /> });

/**
 * The dashboard's heading is a list page's larger kin (h4, the page's largest text): the frame's
 * skeleton draws it at that size too while the shell and the session arrive, as the server's HTML
 * did (HomeSkeleton), so it neither shrinks nor grows on the way.
 */
const HEADING_SIZE = { '& h1.MuiTypography-root': { typography: 'h4' } } as const;

export default function SignedInHome() {
  // From here on React decides what shows; a stale session falls back to the landing page.
  useLayoutEffect(() => document.documentElement.classList.remove(STORED_SESSION_CLASS), []);
  // Like a staff page, but a stale session shows the landing instead of sending the visitor away.
  return (
    <BaseProviders>
      <PageHeadingContext.Provider value={`common:${HOME_HEADING_KEY}`}>
        <Box sx={HEADING_SIZE}>
          <StaffChrome signedOut={<Landing />}>
            <HomeDashboard />
          </StaffChrome>
        </Box>
      </PageHeadingContext.Provider>
    </BaseProviders>
  );
}
