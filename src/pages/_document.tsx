// The HTML document: the page language, MUI's Emotion styles rendered on the server, and the script
// that keeps a press made before the page's scripts have started.
import type { DocumentContext, DocumentInitialProps, DocumentProps } from 'next/document';
import { Head, Html, Main, NextScript } from 'next/document';
import { DocumentHeadTags, documentGetInitialProps, type DocumentHeadTagsProps } from '@mui/material-nextjs/v15-pagesRouter';
import { EARLY_TAPS_SCRIPT } from '@/lib/earlyTapsScript';
import { theme } from '@/lib/theme/theme';

type Props = DocumentProps & DocumentHeadTagsProps;

export default function Document(props: Props) {
  return (
    <Html lang={props.__NEXT_DATA__.locale ?? 'en'}>
      <Head>
        <meta name="theme-color" content={theme.palette.primary.main} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <DocumentHeadTags {...props} />
        {/* Before the body: holds a press made before the page's scripts have started (src/lib/earlyTaps.ts). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_TAPS_SCRIPT }} />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}

Document.getInitialProps = async (ctx: DocumentContext): Promise<DocumentInitialProps> => documentGetInitialProps(ctx);
