// Sign-up form: name, e-mail, a password of 8+ characters and its confirmation (SPEC 5; the
// service itself only insists on 3).
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LightTextField } from '@/components/form/LightTextField';
import { emailField, nameField, passwordConfirmation, passwordField } from '@/components/form/validation';

export const signUpSchema = yup.object({
  displayName: nameField(),
  email: emailField(),
  password: passwordField(),
  confirmPassword: passwordConfirmation(),
});
export type SignUpValues = yup.InferType<typeof signUpSchema>;

export function SignUpForm({ loading, onSubmit }: { loading: boolean; onSubmit: (values: SignUpValues) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Formik
      initialValues={{ displayName: '', email: '', password: '', confirmPassword: '' }}
      validationSchema={signUpSchema}
      onSubmit={(values) => onSubmit({ ...values, email: values.email.trim(), displayName: values.displayName.trim() })}
    >
      <Form method="post" noValidate>
        <Stack spacing={2}>
          <LightTextField name="displayName" label={t('fields.displayName')} autoComplete="name" />
          <LightTextField name="email" type="email" label={t('fields.email')} autoComplete="email" />
          <LightTextField name="password" type="password" label={t('fields.password')} autoComplete="new-password" helperText={t('fields.passwordHint')} />
          <LightTextField name="confirmPassword" type="password" label={t('fields.confirmPassword')} autoComplete="new-password" />
          <Button type="submit" variant="contained" disabled={loading}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}
