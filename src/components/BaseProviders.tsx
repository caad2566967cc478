// Theme and Nhost session without Apollo and the date pickers: the providers of the account screens
// (sign-in, sign-up, password and e-mail links) and the error pages. Those talk to the auth service
// at most, so a visitor on a phone does not download the data client (staff layouts add it from a chunk of their own: DataProvider).
import { Suspense, type ReactNode } from 'react';
import type { EmotionCache } from '@emotion/react';
import { AppCacheProvider } from '@mui/material-nextjs/v15-pagesRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SessionProvider } from '@/lib/nhost/SessionProvider';
import { theme } from '@/lib/theme/theme';

export interface BaseProvidersProps {
  children: ReactNode;
  emotionCache?: EmotionCache;
}

export function BaseProviders({ children, emotionCache }: BaseProvidersProps) {
  return (
    <AppCacheProvider emotionCache={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {/* A boundary for hydration's sake: React hydrates server-rendered content inside a Suspense
            boundary as a background render split into short tasks, after the theme, instead of in
            the one long task of the page's hydration (docs/performance.md: Total Blocking Time).
            The session client is made and started in tasks of their own before it (SessionProvider). A click or key press before then hydrates the
            boundary at once, so nothing typed is lost. */}
        <Suspense>
          <SessionProvider>{children}</SessionProvider>
        </Suspense>
      </ThemeProvider>
    </AppCacheProvider>
  );
}
