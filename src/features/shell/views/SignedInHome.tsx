// The home page for a browser that holds a session: the providers, the guarded shell and the role
// dashboard. The lean landing page loads this chunk only when the session cookie is present.
import { useLayoutEffect } from 'react';
import { STORED_SESSION_CLASS } from '@/lib/nhost/storedSession';
import { BaseProviders } from '@/components/BaseProviders';
import StaffChrome from '../components/StaffChrome';
import { HomeDashboard } from './HomeDashboard';
import { Landing } from './Landing';

export default function SignedInHome() {
  // From here on React decides what shows; a stale session falls back to the landing page.
  useLayoutEffect(() => document.documentElement.classList.remove(STORED_SESSION_CLASS), []);
  // Like a staff page, but a stale session shows the landing instead of sending the visitor away. This
  // chunk is itself loaded lazily, so the data client and the shell come with it (no second hop).
  return (
    <BaseProviders>
      <StaffChrome signedOut={<Landing />}>
        <HomeDashboard />
      </StaffChrome>
    </BaseProviders>
  );
}
