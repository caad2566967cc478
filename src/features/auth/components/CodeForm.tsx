// A six-digit one-time code form (MFA app, e-mailed or texted code).
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LightTextField } from '@/components/form/LightTextField';
import { codeField } from '@/components/form/validation';

const schema = yup.object({ code: codeField() });

export interface CodeFormProps {
  prompt: string;
  submitLabel: string;
  loading: boolean;
  onSubmit: (code: string) => void | Promise<void>;
}

export function CodeForm({ prompt, submitLabel, loading, onSubmit }: CodeFormProps) {
  const { t } = useTranslation('auth');
  return (
    <Formik initialValues={{ code: '' }} validationSchema={schema} onSubmit={(values) => onSubmit(values.code.trim())}>
      <Form method="post" noValidate>
        <Stack spacing={2}>
          <Typography>{prompt}</Typography>
          <LightTextField name="code" label={t('fields.code')} autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
          <Button type="submit" variant="contained" disabled={loading}>
            {submitLabel}
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}
