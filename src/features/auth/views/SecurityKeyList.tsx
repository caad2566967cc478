// The user's registered security keys: rename one (so a lost key can be told apart) or remove it
// after a confirmation. Only names are readable; the credential never leaves the server.
import { useState } from 'react';
import { Form, Formik } from 'formik';
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
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormTextField } from '@/components/form/FormTextField';
import { formMessage } from '@/lib/i18n/formMessage';
import { USER_ROLE_CONTEXT } from '../graphql/userRole';
import { SecurityKeysDocument, type SecurityKeysQuery } from '../graphql/securityKeys.generated';
import { RemoveSecurityKeyDocument } from '../graphql/removeSecurityKey.generated';
import { RenameSecurityKeyDocument } from '../graphql/renameSecurityKey.generated';

type SecurityKeyRow = SecurityKeysQuery['authUserSecurityKeys'][number];

const NICKNAME_MAX = 64;

export function SecurityKeyList() {
  const { t } = useTranslation('auth');
  const { isAuthenticated } = useAuthenticationStatus();
  const { data, loading, error } = useQuery(SecurityKeysDocument, { context: USER_ROLE_CONTEXT, fetchPolicy: 'cache-and-network', skip: !isAuthenticated });
  const refetchQueries = [{ query: SecurityKeysDocument, context: USER_ROLE_CONTEXT }];
  const [rename] = useMutation(RenameSecurityKeyDocument, { context: USER_ROLE_CONTEXT, refetchQueries, awaitRefetchQueries: true });
  const [remove, removing] = useMutation(RemoveSecurityKeyDocument, { context: USER_ROLE_CONTEXT, refetchQueries, awaitRefetchQueries: true });
  const [renaming, setRenaming] = useState<SecurityKeyRow | null>(null);
  const [removingKey, setRemovingKey] = useState<SecurityKeyRow | null>(null);
  const [failure, setFailure] = useState<'rename' | 'remove' | null>(null);
  const keys = data?.authUserSecurityKeys ?? [];
  const nameOf = (key: SecurityKeyRow) => key.nickname?.trim() || t('securityKeys.unnamed');

  const confirmRemove = async () => {
    if (!removingKey) return;
    setFailure(null);
    const result = await remove({ variables: { id: removingKey.id } }).catch(() => null);
    if (!result?.data?.deleteAuthUserSecurityKey) setFailure('remove');
    setRemovingKey(null);
  };

  if (loading && !data) return <CircularProgress size={24} aria-label={t('securityKeys.loading')} />;
  return (
    <>
      {(error || failure) && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {t(failure === 'rename' ? 'securityKeys.renameFailed' : failure === 'remove' ? 'securityKeys.removeFailed' : 'securityKeys.loadFailed')}
        </Alert>
      )}
      {keys.length === 0 ? (
        <Typography color="text.secondary">{t('securityKeys.none')}</Typography>
      ) : (
        <List aria-label={t('securityKeys.listTitle')} disablePadding>
          {keys.map((key) => (
            <ListItem key={key.id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={nameOf(key)} sx={{ minWidth: 0, overflowWrap: 'anywhere' }} />
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => setRenaming(key)} aria-label={t('securityKeys.renameNamed', { name: nameOf(key) })}>
                  {t('securityKeys.rename')}
                </Button>
                <Button size="small" color="error" variant="outlined" onClick={() => setRemovingKey(key)} aria-label={t('securityKeys.removeNamed', { name: nameOf(key) })}>
                  {t('securityKeys.remove')}
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}

      <Dialog open={renaming !== null} onClose={() => setRenaming(null)} aria-labelledby="rename-key-title" fullWidth maxWidth="xs">
        <Formik
          enableReinitialize
          initialValues={{ nickname: renaming?.nickname ?? '' }}
          validate={(values) => (values.nickname.trim().length > NICKNAME_MAX ? { nickname: formMessage('auth:securityKeys.nicknameTooLong', { count: NICKNAME_MAX }) } : {})}
          onSubmit={async (values) => {
            if (!renaming) return;
            setFailure(null);
            const result = await rename({ variables: { id: renaming.id, nickname: values.nickname.trim() || null } }).catch(() => null);
            if (!result?.data?.updateAuthUserSecurityKey) setFailure('rename');
            setRenaming(null);
          }}
        >
          {({ isSubmitting }) => (
            <Form method="post" noValidate>
              <DialogTitle id="rename-key-title">{t('securityKeys.renameTitle')}</DialogTitle>
              <DialogContent>
                <FormTextField name="nickname" id="rename-key-nickname" label={t('fields.keyNickname')} autoFocus sx={{ mt: 1 }} />
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setRenaming(null)}>{t('securityKeys.cancel')}</Button>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {t('securityKeys.save')}
                </Button>
              </DialogActions>
            </Form>
          )}
        </Formik>
      </Dialog>

      <Dialog open={removingKey !== null} onClose={() => setRemovingKey(null)} aria-labelledby="remove-key-title">
        <DialogTitle id="remove-key-title">{t('securityKeys.removeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('securityKeys.removeConfirm', { name: removingKey ? nameOf(removingKey) : '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemovingKey(null)}>{t('securityKeys.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void confirmRemove()} disabled={removing.loading}>
            {t('securityKeys.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
