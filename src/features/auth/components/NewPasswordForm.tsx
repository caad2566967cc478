// Choosing a new password (reset link, account page): 8+ characters and a matching confirmation.
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LightTextField } from '@/components/form/LightTextField';
import { passwordConfirmation, passwordField } from '@/components/form/validation';

const schema = yup.object({ password: passwordField(), confirmPassword: passwordConfirmation() });

export function NewPasswordForm({ loading, onSubmit }: { loading: boolean; onSubmit: (password: string) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Formik initialValues={{ password: '', confirmPassword: '' }} validationSchema={schema} onSubmit={(values) => onSubmit(values.password)}>
      <Form method="post" noValidate>
        <Stack spacing={2}>
          <LightTextField name="password" type="password" label={t('fields.newPassword')} autoComplete="new-password" helperText={t('fields.passwordHint')} />
          <LightTextField name="confirmPassword" type="password" label={t('fields.confirmPassword')} autoComplete="new-password" />
          <Button type="submit" variant="contained" disabled={loading}>
            {t('resetPassword.submit')}
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}
