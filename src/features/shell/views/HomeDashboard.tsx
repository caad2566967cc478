// The signed-in landing: who you are, your role, and the areas you can open. Its heading is the same
// for everybody and the largest text it shows on a phone (the skeleton in the server's HTML draws it
// at once: HomeSkeleton), so nothing arriving later takes the largest contentful paint from that
// first paint: the name is a smaller line, and on a phone each area's description keeps to one line.
import { useDeferredValue } from 'react';
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { navigationFor, type NavArea } from '../navigation';
import { useSessionUser } from '../useSessionUser';
import { HOME_HEADING_KEY } from './HomeSkeleton';

/** One line (ellipsis) on a phone, all of it from the sm breakpoint. */
const DESCRIPTION = { whiteSpace: { xs: 'nowrap', sm: 'normal' }, overflow: 'hidden', textOverflow: 'ellipsis' } as const;

export function HomeDashboard() {
  const { t } = useTranslation('common');
  const { user } = useSessionUser();
  const showAreas = useDeferredValue(true, false);
  if (!user) return null;
  const areas = navigationFor(user.role).filter((area) => area.id !== 'home');
  return (
    <>
      <PageTitle title={t('nav.home')} />
      <Typography variant="h4" component="h1" gutterBottom>
        {t(HOME_HEADING_KEY)}
      </Typography>
      <Paper sx={{ p: 2, mb: 3 }}>
        <Typography variant="h6" component="h2">
          {t('home.welcome', { name: user.displayName })}
        </Typography>
        <Typography data-testid="current-role">{t('home.role', { role: t(user.role ? `roles.${user.role}` : 'roles.none') })}</Typography>
        <Typography color="text.secondary">{user.email}</Typography>
        {!user.role && <Typography sx={{ mt: 1 }}>{t('home.noRole')}</Typography>}
      </Paper>
      {/* The cards are most of the page's elements and styles: they come in a render of their own,
          after the heading and the account box, so no one commit (a main-thread task) holds both. */}
      {showAreas ? <AreaCards areas={areas} /> : null}
    </>
  );
}

/**
 * A card per area the user may open; a description keeps to one line on a phone. An area's page
 * loads when its card is pointed at or touched, not as the cards come into view: Next's viewport
 * prefetch fetched every area's page data and scripts in the busiest stretch of the home's load
 * (docs/performance.md).
 */
function AreaCards({ areas }: { areas: NavArea[] }) {
  const { t } = useTranslation('common');
  return (
    <Grid container spacing={2}>
      {areas.map((area) => (
        <Grid key={area.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card>
            <CardActionArea component={NextLink} href={area.href} prefetch={false}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t(area.labelKey)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={DESCRIPTION}>
                  {t(`areas.${area.id}`)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
