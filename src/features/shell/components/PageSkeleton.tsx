// What a staff page draws before its session and its view are there: the top bar and the page's
// heading over grey bars where the content will come, in the server's HTML and until the shell
// takes over. A signed-in user's first paint is then the page, not a spinner; the heading is the
// page's largest text, so the largest contentful paint is that first paint instead of the view's
// render after the session, the chunks and the data (docs/performance.md).
import { createContext, useContext } from 'react';
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';

/**
 * The translation key ("namespace:key") of the page's heading: the layout knows it before the view's
 * code and the session arrive (staffLayout's `heading`).
 */
export const PageHeadingContext = createContext<string | undefined>(undefined);

/** Width of the shell's navigation drawer, shown at the side from the md breakpoint. */
export const DRAWER_WIDTH = 232;

/** Bars standing for the view's content (a list's filter bar and rows). */
const BARS = [56, 40, 40, 40, 40, 40];

/** The page's heading and bars, where the view will be (inside the shell's main area). */
export function PageSkeleton() {
  const heading = useContext(PageHeadingContext);
  const { t } = useTranslation('common');
  return (
    <Stack spacing={2}>
      {/* As high as the row of a list's heading and its buttons, so the heading stays put when the view comes. */}
      <Box sx={{ minHeight: 36.5, display: 'flex', alignItems: 'center' }}>
        {heading ? (
          <Typography variant="h5" component="h1">
            {t(heading)}
          </Typography>
        ) : null}
      </Box>
      <Stack spacing={1} role="progressbar" aria-label={t('loading')}>
        {BARS.map((height, i) => (
          <Skeleton key={i} variant="rounded" height={height} />
        ))}
      </Stack>
    </Stack>
  );
}

/** The whole frame before the shell's code and the session are there: the top bar's app name and the page's skeleton. */
export function StaffSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <AppBar position="fixed">
        <Toolbar sx={{ gap: 1 }}>
          {/* Where the shell's menu button will be on a phone, so the app name does not move. */}
          <Box sx={{ width: 40, ml: -1.5, display: { md: 'none' } }} />
          <Typography variant="h6" component={NextLink} href="/" prefetch={false} sx={{ color: 'inherit', textDecoration: 'none' }}>
            {t('appName')}
          </Typography>
        </Toolbar>
      </AppBar>
      {/* Beside where the shell's permanent drawer will be on wide screens. */}
      <Box component="main" sx={{ p: { xs: 2, sm: 3 }, ml: { md: `${DRAWER_WIDTH}px` } }}>
        <Toolbar />
        <PageSkeleton />
      </Box>
    </Box>
  );
}
