// The one render for component tests: every provider the app's pages get (translations with the
// real en/hu files, MUI theme, date pickers, Nhost session, Apollo data client) plus a test router.
import fs from 'node:fs';
import path from 'node:path';
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import type { NextRouter } from 'next/router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { ApolloProvider } from '@apollo/client/react';
import { NhostClient, NhostProvider } from '@nhost/react';
import { createDataClient } from '@/lib/apollo/client';
import { nhostSessionSource } from '@/lib/apollo/session';
import { LOCALES, NAMESPACES, type Locale } from '@/lib/i18n/namespaces';
import { theme } from '@/lib/theme/theme';

const localesDir = path.resolve(__dirname, '../../public/locales');

type Resources = Record<string, Record<string, Record<string, unknown>>>;

function loadResources(): Resources {
  const resources: Resources = {};
  for (const locale of LOCALES) {
    resources[locale] = {};
    for (const ns of NAMESPACES) {
      const file = path.join(localesDir, locale, `${ns}.json`);
      resources[locale][ns] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    }
  }
  return resources;
}

export function createTestI18n(locale: Locale = 'en'): I18n {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: loadResources(),
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return i18n;
}

export type TestRouter = NextRouter & { push: ReturnType<typeof vi.fn>; replace: ReturnType<typeof vi.fn> };

export function createTestRouter(overrides: Partial<NextRouter> = {}): TestRouter {
  const router = {
    route: '/',
    pathname: '/',
    query: {},
    asPath: '/',
    basePath: '',
    locale: 'en',
    locales: ['en', 'hu'],
    defaultLocale: 'en',
    isLocaleDomain: false,
    isReady: true,
    isFallback: false,
    isPreview: false,
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
    reload: vi.fn(),
    back: vi.fn(),
    forward: vi.fn(),
    prefetch: vi.fn(async () => undefined),
    beforePopState: vi.fn(),
    events: { on: vi.fn(), off: vi.fn(), emit: vi.fn() },
    ...overrides,
  };
  return router as unknown as TestRouter;
}

export interface RenderOptions {
  locale?: Locale;
  router?: Partial<NextRouter>;
  /** Auth service base URL; by default a closed port, so sign-in calls fail as a network error. */
  authUrl?: string;
  graphqlUrl?: string;
}

export type RenderWithProvidersResult = ReturnType<typeof render> & { router: TestRouter; nhost: NhostClient; i18n: I18n };

/** A fresh, signed-out Nhost client with in-memory storage (nothing leaks between tests). */
export function createTestNhost(authUrl = 'http://127.0.0.1:9/v1/auth', graphqlUrl = 'http://127.0.0.1:9/v1/graphql'): NhostClient {
  const memory = new Map<string, string>();
  return new NhostClient({
    authUrl,
    graphqlUrl,
    storageUrl: 'http://127.0.0.1:9/v1/storage',
    functionsUrl: 'http://127.0.0.1:9/v1/functions',
    clientStorageType: 'custom',
    clientStorage: {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => void memory.set(k, v),
      removeItem: (k: string) => void memory.delete(k),
    },
  });
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithProvidersResult {
  const locale = options.locale ?? 'en';
  const i18n = createTestI18n(locale);
  const router = createTestRouter({ locale, ...options.router });
  const nhost = createTestNhost(options.authUrl, options.graphqlUrl);
  const { client } = createDataClient({ graphqlUrl: options.graphqlUrl ?? 'http://127.0.0.1:9/v1/graphql', session: nhostSessionSource(nhost), realtime: false });
  const Providers = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <RouterContext.Provider value={router}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <NhostProvider nhost={nhost}>
            <ApolloProvider client={client}>
              <LocalizationProvider dateAdapter={AdapterDateFns}>{children}</LocalizationProvider>
            </ApolloProvider>
          </NhostProvider>
        </ThemeProvider>
      </RouterContext.Provider>
    </I18nextProvider>
  );
  return Object.assign(render(ui, { wrapper: Providers }), { router, nhost, i18n });
}
