// The signed-in landing: who you are, your role, and the areas you can open.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageTitle } from '@/components/PageTitle';
import { navigationFor } from '../navigation';
import { useSessionUser } from '../useSessionUser';

export function HomeDashboard() {
  const { t } = useTranslation('common');
  const { user } = useSessionUser();
  if (!user) return null;
  const areas = navigationFor(user.role).filter((area) => area.id !== 'home');
  return (
    <>
      <PageTitle title={t('nav.home')} />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('home.welcome', { name: user.displayName })}
      </Typography>
      <Paper sx={{ p: 2, mb: 3 }}>
        <Typography data-testid="current-role">{t('home.role', { role: t(user.role ? `roles.${user.role}` : 'roles.none') })}</Typography>
        <Typography color="text.secondary">{user.email}</Typography>
        {!user.role && <Typography sx={{ mt: 1 }}>{t('home.noRole')}</Typography>}
      </Paper>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('home.areas')}
      </Typography>
      <Grid container spacing={2}>
        {areas.map((area) => (
          <Grid key={area.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Card>
              <CardActionArea component={NextLink} href={area.href}>
                <CardContent>
                  <Typography variant="h6" component="h3">
                    {t(area.labelKey)}
                  </Typography>
                  <Typography color="text.secondary">{t(`areas.${area.id}`)}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
