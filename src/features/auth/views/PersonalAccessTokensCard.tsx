// Creating a personal access token for scripts and integrations. The token is shown once; the
// service stores only its hash.
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useNhostClient } from '@nhost/nextjs';
import { useApolloClient } from '@apollo/client/react';
import { addDays, startOfDay } from 'date-fns';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DatePickerProvider } from '@/components/DatePickerProvider';
import { FormTextField } from '@/components/form/FormTextField';
import { formMessage, translateFormMessage } from '@/lib/i18n/formMessage';
import { nameField } from '@/components/form/validation';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { PersonalAccessTokensDocument } from '../graphql/personalAccessTokens.generated';
import type { AuthErrorLike } from '../lib/authErrors';

const schema = yup.object({
  name: nameField(),
  expiresAt: yup
    .date()
    .nullable()
    .required(formMessage('common:validation.required'))
    .min(addDays(startOfDay(new Date()), 1), formMessage('auth:tokens.expiryInFuture')),
});

export function PersonalAccessTokensCard() {
  const { t } = useTranslation('auth');
  const nhost = useNhostClient();
  const apollo = useApolloClient();
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<AuthErrorLike | null>(null);

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('tokens.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('tokens.intro')}</Typography>
      <AuthErrorAlert error={error} />
      {created && (
        <Alert severity="success" sx={{ mb: 2, wordBreak: 'break-all' }} role="status">
          {t('tokens.created')} <code data-testid="new-token">{created}</code>
        </Alert>
      )}
      <Formik
        initialValues={{ name: '', expiresAt: addDays(startOfDay(new Date()), 90) as Date | null }}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          setError(null);
          const result = await nhost.auth.createPAT(values.expiresAt ?? addDays(new Date(), 90), { name: values.name.trim() });
          if (result.error) setError(result.error);
          else {
            setCreated(result.data?.personalAccessToken ?? null);
            helpers.resetForm();
            // The list below shows the new token's name and dates.
            await apollo.refetchQueries({ include: [PersonalAccessTokensDocument] });
          }
        }}
      >
        {({ values, errors, touched, setFieldValue, setFieldTouched, isSubmitting }) => (
          <Form method="post" noValidate>
            <Stack spacing={2}>
              <FormTextField name="name" label={t('fields.tokenName')} />
              <DatePickerProvider>
                <DatePicker
                  label={t('fields.expiresAt')}
                  value={values.expiresAt}
                  disablePast
                  onChange={(value) => {
                    void setFieldValue('expiresAt', value);
                    void setFieldTouched('expiresAt', true, false);
                  }}
                  slotProps={{
                    textField: {
                      name: 'expiresAt',
                      error: Boolean(touched.expiresAt && errors.expiresAt),
                      helperText: touched.expiresAt ? translateFormMessage(t, errors.expiresAt as string | undefined) : undefined,
                    },
                  }}
                />
              </DatePickerProvider>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('tokens.create')}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
