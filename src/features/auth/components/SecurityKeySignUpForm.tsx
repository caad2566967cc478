// Sign-up with a security key or passkey instead of a password: name and e-mail, then the
// browser's WebAuthn prompt.
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LightTextField } from '@/components/form/LightTextField';
import { emailField, nameField } from '@/components/form/validation';

const schema = yup.object({ displayName: nameField(), email: emailField() });
export type SecurityKeySignUpValues = yup.InferType<typeof schema>;

export function SecurityKeySignUpForm({ loading, onSubmit }: { loading: boolean; onSubmit: (values: SecurityKeySignUpValues) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Formik
      initialValues={{ displayName: '', email: '' }}
      validationSchema={schema}
      onSubmit={(values) => onSubmit({ email: values.email.trim(), displayName: values.displayName.trim() })}
    >
      <Form method="post" noValidate>
        <Stack spacing={2}>
          <Typography>{t('signUp.securityKeyIntro')}</Typography>
          <LightTextField name="displayName" label={t('fields.displayName')} autoComplete="name" />
          <LightTextField name="email" type="email" label={t('fields.email')} autoComplete="email" />
          <Button type="submit" variant="contained" disabled={loading}>
            {t('signUp.submitSecurityKey')}
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}
