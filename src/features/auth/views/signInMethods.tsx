// One panel per sign-in method the auth service offers (SPEC 4, 7). Each panel drives its Nhost
// hook; the session switching to signed-in is handled once, by the sign-in view.
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import {
  useSignInEmailOTP,
  useSignInEmailPassword,
  useSignInEmailPasswordless,
  useSignInEmailSecurityKey,
  useSignInSecurityKey,
  useSignInSmsPasswordless,
} from '@nhost/nextjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { LightTextField } from '@/components/form/LightTextField';
import { formMessage } from '@/lib/i18n/formMessage';
import { phoneField } from '@/components/form/validation';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
import { codeStepError } from '../lib/authErrors';
import { CodeForm } from '../components/CodeForm';
import { EmailForm } from '../components/EmailForm';
import { PasswordSignInForm } from '../components/PasswordSignInForm';

export interface MethodPanelProps {
  /** Absolute URL e-mailed links should return to. */
  redirectTo: string;
  onNeedsVerification: (email: string) => void;
  /** An error already shown by the screen (from the redirect address), not to be repeated. */
  shownErrorCode?: string;
}

export function PasswordPanel({ onNeedsVerification, shownErrorCode }: MethodPanelProps) {
  const { t } = useTranslation('auth');
  const { signInEmailPassword, sendMfaOtp, needsMfaOtp, isLoading, error: sessionError } = useSignInEmailPassword();
  // The session's last error includes one a redirect brought back, which the screen already shows.
  const error = sessionError && sessionError.error === shownErrorCode ? null : sessionError;
  if (needsMfaOtp) {
    return (
      <>
        <AuthErrorAlert error={error} />
        <CodeForm prompt={t('mfa.prompt')} submitLabel={t('mfa.submit')} loading={isLoading} onSubmit={(code) => void sendMfaOtp(code)} />
      </>
    );
  }
  return (
    <>
      <AuthErrorAlert error={error} />
      <PasswordSignInForm
        loading={isLoading}
        onSubmit={async ({ email, password }) => {
          const result = await signInEmailPassword(email, password);
          if (result.needsEmailVerification) onNeedsVerification(email);
        }}
      />
    </>
  );
}

export function MagicLinkPanel({ redirectTo }: MethodPanelProps) {
  const { t } = useTranslation('auth');
  const { signInEmailPasswordless, isLoading, isSuccess, error } = useSignInEmailPasswordless({ redirectTo });
  if (isSuccess) return <Alert severity="success">{t('magicLink.sent')}</Alert>;
  return (
    <>
      <AuthErrorAlert error={error} />
      <EmailForm intro={<Typography>{t('magicLink.intro')}</Typography>} submitLabel={t('magicLink.submit')} loading={isLoading} onSubmit={(email) => void signInEmailPasswordless(email)} />
    </>
  );
}

export function EmailCodePanel({ redirectTo }: MethodPanelProps) {
  const { t } = useTranslation('auth');
  const { signInEmailOTP, verifyEmailOTP, isLoading, error } = useSignInEmailOTP({ redirectTo });
  // The address the code went to. Kept here, not read from the session state, which leaves the
  // code step after a wrong code; the user should simply try again.
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <>
      <AuthErrorAlert error={sentTo ? codeStepError(error) : error} />
      {sentTo ? (
        <>
          <CodeForm prompt={t('emailCode.prompt', { email: sentTo })} submitLabel={t('emailCode.verify')} loading={isLoading} onSubmit={(code) => void verifyEmailOTP(sentTo, code)} />
          <Button variant="text" size="small" sx={{ mt: 1 }} onClick={() => setSentTo(null)}>
            {t('codes.newCode')}
          </Button>
        </>
      ) : (
        <EmailForm
          intro={<Typography>{t('emailCode.intro')}</Typography>}
          submitLabel={t('emailCode.submit')}
          loading={isLoading}
          onSubmit={async (value) => {
            if ((await signInEmailOTP(value)).needsOtp) setSentTo(value);
          }}
        />
      )}
    </>
  );
}

const phoneSchema = yup.object({ phoneNumber: phoneField() });

export function SmsCodePanel({ redirectTo }: MethodPanelProps) {
  const { t } = useTranslation('auth');
  const { signInSmsPasswordless, sendOtp, isLoading, error } = useSignInSmsPasswordless({ redirectTo });
  // As with e-mail codes: a wrong code keeps the user on the code step.
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo) {
    return (
      <>
        <AuthErrorAlert error={codeStepError(error)} />
        <CodeForm prompt={t('sms.prompt', { phoneNumber: sentTo })} submitLabel={t('sms.verify')} loading={isLoading} onSubmit={(code) => void sendOtp(sentTo, code)} />
        <Button variant="text" size="small" sx={{ mt: 1 }} onClick={() => setSentTo(null)}>
          {t('codes.newCode')}
        </Button>
      </>
    );
  }
  return (
    <>
      <AuthErrorAlert error={error} />
      <Formik
        initialValues={{ phoneNumber: '' }}
        validationSchema={phoneSchema}
        onSubmit={async (values) => {
          const phone = values.phoneNumber.replace(/[\s()-]/g, '');
          if ((await signInSmsPasswordless(phone)).needsOtp) setSentTo(phone);
        }}
      >
        <Form method="post" noValidate>
          <Stack spacing={2}>
            <Typography>{t('sms.intro')}</Typography>
            <LightTextField name="phoneNumber" type="tel" label={t('fields.phoneNumber')} autoComplete="tel" placeholder="+36 30 123 4567" />
            <Button type="submit" variant="contained" disabled={isLoading}>
              {t('sms.submit')}
            </Button>
          </Stack>
        </Form>
      </Formik>
    </>
  );
}

const optionalEmail = yup.object({ email: yup.string().trim().email(formMessage('common:validation.email')) });

export function SecurityKeyPanel() {
  const { t } = useTranslation('auth');
  const discoverable = useSignInSecurityKey();
  const withEmail = useSignInEmailSecurityKey();
  const [usedEmail, setUsedEmail] = useState(false);
  const active = usedEmail ? withEmail : discoverable;
  const isLoading = discoverable.isLoading || withEmail.isLoading;
  // The service answers a key it does not know for that account (or a stale answer) with the
  // generic invalid-request; say what it means here.
  const keyRefused = active.error?.error === 'invalid-request';
  return (
    <>
      {keyRefused ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {t('securityKey.refused')}
        </Alert>
      ) : (
        <AuthErrorAlert error={active.error} />
      )}
      <Formik
        initialValues={{ email: '' }}
        validationSchema={optionalEmail}
        onSubmit={(values) => {
          const email = values.email?.trim() ?? '';
          setUsedEmail(Boolean(email));
          void (email ? withEmail.signInEmailSecurityKey(email) : discoverable.signInSecurityKey());
        }}
      >
        <Form method="post" noValidate>
          <Stack spacing={2}>
            <Typography>{t('securityKey.intro')}</Typography>
            <LightTextField name="email" type="email" label={t('fields.emailOptional')} autoComplete="username webauthn" />
            <Button type="submit" variant="contained" disabled={isLoading}>
              {t('securityKey.submit')}
            </Button>
          </Stack>
        </Form>
      </Formik>
    </>
  );
}
