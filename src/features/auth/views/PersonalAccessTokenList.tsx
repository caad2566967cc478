// The user's personal access tokens (name, created, expires) with a confirmed revoke. Only
// metadata is readable; the token itself was shown once, when it was created.
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useMutation, useQuery } from '@apollo/client/react';
import { useAuthenticationStatus } from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PersonalAccessTokensDocument, type PersonalAccessTokensQuery } from '../graphql/personalAccessTokens.generated';
import { RevokePersonalAccessTokenDocument } from '../graphql/revokePersonalAccessToken.generated';
import { USER_ROLE_CONTEXT } from '../graphql/userRole';

type PersonalAccessTokenRow = PersonalAccessTokensQuery['authRefreshTokens'][number];

function tokenName(row: PersonalAccessTokenRow): string | null {
  const metadata = row.metadata;
  const name = metadata && typeof metadata === 'object' && 'name' in metadata ? metadata.name : null;
  return typeof name === 'string' && name.trim() ? name : null;
}

export function PersonalAccessTokenList() {
  const { t, i18n } = useTranslation('auth');
  const { t: tError } = useTranslation('error');
  const { isAuthenticated } = useAuthenticationStatus();
  const { data, loading, error, refetch } = useQuery(PersonalAccessTokensDocument, { context: USER_ROLE_CONTEXT, fetchPolicy: 'cache-and-network', skip: !isAuthenticated });
  const [revoke, revoking] = useMutation(RevokePersonalAccessTokenDocument, { context: USER_ROLE_CONTEXT });
  const [confirming, setConfirming] = useState<PersonalAccessTokenRow | null>(null);
  const [revokeFailed, setRevokeFailed] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const rows = data?.authRefreshTokens ?? [];
  const now = Date.now();

  const confirmRevoke = async () => {
    if (!confirming) return;
    setRevokeFailed(false);
    try {
      const result = await revoke({
        variables: { id: confirming.id },
        // The row leaves the list as soon as the server confirms, not after the refetch.
        update: (cache, { data: revoked }) => {
          const gone = revoked?.deleteAuthRefreshToken;
          if (gone) cache.evict({ id: cache.identify(gone) });
        },
      });
      if (!result.data?.deleteAuthRefreshToken) setRevokeFailed(true);
    } catch {
      setRevokeFailed(true);
    }
    setConfirming(null);
    await refetch().catch(() => undefined);
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('tokens.listTitle')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {tError('auth.unknown')}
        </Alert>
      )}
      {revokeFailed && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {t('tokens.revokeFailed')}
        </Alert>
      )}
      {loading && !data ? (
        <CircularProgress size={24} aria-label={t('tokens.loading')} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('tokens.none')}</Typography>
      ) : (
        <List aria-label={t('tokens.listTitle')} disablePadding>
          {rows.map((row) => {
            const name = tokenName(row) ?? t('tokens.unnamed');
            const expired = new Date(row.expiresAt).getTime() <= now;
            return (
              <ListItem
                key={row.id}
                divider
                disableGutters
                sx={{ flexWrap: 'wrap', gap: 1 }}
                secondaryAction={
                  <Button color="error" variant="outlined" size="small" onClick={() => setConfirming(row)} aria-label={t('tokens.revokeNamed', { name })}>
                    {t('tokens.revoke')}
                  </Button>
                }
              >
                <ListItemText
                  sx={{ pr: 12 }}
                  primary={name}
                  secondary={t(expired ? 'tokens.datesExpired' : 'tokens.dates', { created: date.format(new Date(row.createdAt)), expires: date.format(new Date(row.expiresAt)) })}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="revoke-token-title">
        <DialogTitle id="revoke-token-title">{t('tokens.revokeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('tokens.revokeConfirm', { name: confirming ? (tokenName(confirming) ?? t('tokens.unnamed')) : '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('tokens.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void confirmRevoke()} disabled={revoking.loading}>
            {t('tokens.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
