// The heavy providers (MUI theme, Nhost session, Apollo, date pickers), given to the pages that
// need them through their layout so that lean guest pages do not download them (perf-baseline.md).
import type { ReactNode } from 'react';
import { useEffect, useMemo, useState } from 'react';
import type { EmotionCache } from '@emotion/react';
import { AppCacheProvider } from '@mui/material-nextjs/v15-pagesRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { ApolloProvider } from '@apollo/client/react';
import { getDataClient } from '@/lib/apollo/dataClient';
import { browserLanguages, pickDateLocale } from '@/lib/i18n/dateLocale';
import { nhost } from '@/lib/nhost/clients';
import { SessionProvider } from '@/lib/nhost/SessionProvider';
import { theme } from '@/lib/theme/theme';

export interface AppProvidersProps {
  children: ReactNode;
  emotionCache?: EmotionCache;
}

export function AppProviders({ children, emotionCache }: AppProvidersProps) {
  const client = useMemo(() => getDataClient(), []);
  // The server cannot see the browser's languages: start in en-US and switch after mounting, so
  // the first client render matches the server's HTML.
  const [dateLocale, setDateLocale] = useState(() => pickDateLocale([]));
  useEffect(() => setDateLocale(pickDateLocale(browserLanguages())), []);
  return (
    <AppCacheProvider emotionCache={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SessionProvider nhost={nhost}>
          <ApolloProvider client={client}>
            <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={dateLocale}>
              {children}
            </LocalizationProvider>
          </ApolloProvider>
        </SessionProvider>
      </ThemeProvider>
    </AppCacheProvider>
  );
}
