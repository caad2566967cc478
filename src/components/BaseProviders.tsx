// Theme and Nhost session without Apollo and the date pickers: the providers of the account screens
// (sign-in, sign-up, password and e-mail links) and the error pages. Those talk to the auth service
// at most, so a visitor on a phone does not download the data client (staff layouts add it from a chunk of their own: DataProvider).
import type { ReactNode } from 'react';
import type { EmotionCache } from '@emotion/react';
import { AppCacheProvider } from '@mui/material-nextjs/v15-pagesRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { nhost } from '@/lib/nhost/clients';
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
        <SessionProvider nhost={nhost}>{children}</SessionProvider>
      </ThemeProvider>
    </AppCacheProvider>
  );
}
