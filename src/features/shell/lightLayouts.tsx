// Layouts without the data client, in a module of their own: pages that import them from here (not
// from the shell's index) do not pull in the staff layouts and with them Apollo.
import { BaseProviders } from '@/components/BaseProviders';
import type { GetLayout } from '@/components/layout/types';
import { AuthCard } from './components/AuthCard';

/** Sign-in, sign-up and the other account screens that work without a session. */
export const authLayout: GetLayout = (page, { emotionCache }) => (
  <BaseProviders emotionCache={emotionCache}>
    <AuthCard>{page}</AuthCard>
  </BaseProviders>
);

/** Theme and session only (error pages, screens that draw their own frame and need no data). */
export const plainLayout: GetLayout = (page, { emotionCache }) => <BaseProviders emotionCache={emotionCache}>{page}</BaseProviders>;
