// The heavy providers (MUI theme, Nhost session, Apollo), given to the pages that need them through
// their layout so that lean guest pages do not download them (perf-baseline.md). Date pickers are
// not here: a screen with a picker wraps it in DatePickerProvider.
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { EmotionCache } from '@emotion/react';
import { AppCacheProvider } from '@mui/material-nextjs/v15-pagesRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ApolloProvider } from '@apollo/client/react';
import { getDataClient } from '@/lib/apollo/dataClient';
import { nhost } from '@/lib/nhost/clients';
import { SessionProvider } from '@/lib/nhost/SessionProvider';
import { theme } from '@/lib/theme/theme';

export interface AppProvidersProps {
  children: ReactNode;
  emotionCache?: EmotionCache;
}

export function AppProviders({ children, emotionCache }: AppProvidersProps) {
  const client = useMemo(() => getDataClient(), []);
  return (
    <AppCacheProvider emotionCache={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SessionProvider nhost={nhost}>
          <ApolloProvider client={client}>
            {children}
          </ApolloProvider>
        </SessionProvider>
      </ThemeProvider>
    </AppCacheProvider>
  );
}
