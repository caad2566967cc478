// Security keys (WebAuthn) for password-less sign-in: the user's keys, and registering a new one.
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import { useAddSecurityKey } from '@nhost/nextjs';
import { useApolloClient } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormTextField } from '@/components/form/FormTextField';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { SecurityKeysDocument } from '../graphql/securityKeys.generated';
import { SecurityKeyList } from './SecurityKeyList';

export function SecurityKeyCard() {
  const { t } = useTranslation('auth');
  const { add, isSuccess, error } = useAddSecurityKey();
  const apollo = useApolloClient();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('securityKeys.title')}
      </Typography>
      <AuthErrorAlert error={error} />
      {isSuccess && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {t('securityKeys.added')}
        </Alert>
      )}
      <SecurityKeyList />
      <Formik
        initialValues={{ nickname: '' }}
        onSubmit={async (values, { resetForm }) => {
          const result = await add(values.nickname.trim() || undefined);
          if (!result.isSuccess) return;
          resetForm();
          await apollo.refetchQueries({ include: [SecurityKeysDocument] }).catch(() => undefined);
        }}
      >
        {({ isSubmitting }) => (
          <Form method="post" noValidate>
            <Stack spacing={2} sx={{ mt: 2 }}>
              <Typography>{t('securityKeys.intro')}</Typography>
              <FormTextField name="nickname" label={t('fields.keyNickname')} />
              <Button type="submit" variant="outlined" disabled={isSubmitting}>
                {t('securityKeys.add')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
