// A one-field e-mail form, used by magic link, e-mail code, forgot password and resend verification.
import type { ReactNode } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LightTextField } from '@/components/form/LightTextField';
import { emailField } from '@/components/form/validation';

const schema = yup.object({ email: emailField() });

export interface EmailFormProps {
  submitLabel: string;
  loading: boolean;
  onSubmit: (email: string) => void | Promise<void>;
  initialEmail?: string;
  intro?: ReactNode;
}

export function EmailForm({ submitLabel, loading, onSubmit, initialEmail = '', intro }: EmailFormProps) {
  const { t } = useTranslation('auth');
  return (
    <Formik initialValues={{ email: initialEmail }} validationSchema={schema} onSubmit={(values) => onSubmit(values.email.trim())}>
      <Form method="post" noValidate>
        <Stack spacing={2}>
          {intro}
          <LightTextField name="email" type="email" label={t('fields.email')} autoComplete="email" />
          <Button type="submit" variant="contained" disabled={loading}>
            {submitLabel}
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}
