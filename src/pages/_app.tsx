import type { AppProps } from 'next/app';
import { appWithTranslation } from 'next-i18next/pages';

function App({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}

export default appWithTranslation(App);
