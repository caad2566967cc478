// E-mail and password sign-in form (the service checks the password; no length rule here, so
// accounts made with the service's 3-character minimum can still sign in).
import { Form, Formik } from 'formik';
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { LightTextField } from '@/components/form/LightTextField';
import { formMessage } from '@/lib/i18n/formMessage';
import { emailField } from '@/components/form/validation';

const schema = yup.object({ email: emailField(), password: yup.string().required(formMessage('common:validation.required')) });
export type PasswordSignInValues = yup.InferType<typeof schema>;

export function PasswordSignInForm({ loading, onSubmit }: { loading: boolean; onSubmit: (values: PasswordSignInValues) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Formik initialValues={{ email: '', password: '' }} validationSchema={schema} onSubmit={(values) => onSubmit({ ...values, email: values.email.trim() })}>
      <Form method="post" noValidate>
        <Stack spacing={2}>
          <LightTextField name="email" type="email" label={t('fields.email')} autoComplete="username" />
          <LightTextField name="password" type="password" label={t('fields.password')} autoComplete="current-password" />
          <Button type="submit" variant="contained" disabled={loading}>
            {t('signIn.submit')}
          </Button>
          <Link component={NextLink} href="/forgot-password" prefetch={false} variant="body2">
            {t('signIn.forgotPassword')}
          </Link>
        </Stack>
      </Form>
    </Formik>
  );
}
