// Registering a security key (WebAuthn) for password-less sign-in.
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import { useAddSecurityKey } from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormTextField } from '@/components/form/FormTextField';
import { AuthErrorAlert } from '../components/AuthErrorAlert';

export function SecurityKeyCard() {
  const { t } = useTranslation('auth');
  const { add, isSuccess, error } = useAddSecurityKey();
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
      <Formik initialValues={{ nickname: '' }} onSubmit={(values) => add(values.nickname.trim() || undefined)}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <Stack spacing={2}>
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
