// The home page for a browser that holds a session: the providers, the guarded shell and the role
// dashboard. The lean landing page loads this chunk only when the session cookie is present.
import { useLayoutEffect } from 'react';
import { STORED_SESSION_CLASS } from '@/lib/nhost/storedSession';
import { staffOrPublicLayout } from '../layouts';
import { HomeDashboard } from './HomeDashboard';
import { Landing } from './Landing';

const homeLayout = staffOrPublicLayout(<Landing />);

export default function SignedInHome() {
  // From here on React decides what shows; a stale session falls back to the landing page.
  useLayoutEffect(() => document.documentElement.classList.remove(STORED_SESSION_CLASS), []);
  return homeLayout(<HomeDashboard />, {});
}
