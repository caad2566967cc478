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
import { FormTextField } from '@/components/form/FormTextField';
import { formMessage } from '@/components/form/formMessage';
import { phoneField } from '@/components/form/validation';
import { AuthErrorAlert } from '../components/AuthErrorAlert';
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
  const { signInEmailOTP, verifyEmailOTP, needsOtp, isLoading, error } = useSignInEmailOTP({ redirectTo });
  const [email, setEmail] = useState('');
  return (
    <>
      <AuthErrorAlert error={error} />
      {needsOtp ? (
        <CodeForm prompt={t('emailCode.prompt', { email })} submitLabel={t('emailCode.verify')} loading={isLoading} onSubmit={(code) => void verifyEmailOTP(email, code)} />
      ) : (
        <EmailForm
          intro={<Typography>{t('emailCode.intro')}</Typography>}
          submitLabel={t('emailCode.submit')}
          loading={isLoading}
          onSubmit={(value) => {
            setEmail(value);
            void signInEmailOTP(value);
          }}
        />
      )}
    </>
  );
}

const phoneSchema = yup.object({ phoneNumber: phoneField() });

export function SmsCodePanel({ redirectTo }: MethodPanelProps) {
  const { t } = useTranslation('auth');
  const { signInSmsPasswordless, sendOtp, needsOtp, isLoading, error } = useSignInSmsPasswordless({ redirectTo });
  const [phoneNumber, setPhoneNumber] = useState('');
  if (needsOtp) {
    return (
      <>
        <AuthErrorAlert error={error} />
        <CodeForm prompt={t('sms.prompt', { phoneNumber })} submitLabel={t('sms.verify')} loading={isLoading} onSubmit={(code) => void sendOtp(phoneNumber, code)} />
      </>
    );
  }
  return (
    <>
      <AuthErrorAlert error={error} />
      <Formik
        initialValues={{ phoneNumber: '' }}
        validationSchema={phoneSchema}
        onSubmit={(values) => {
          const phone = values.phoneNumber.replace(/[\s()-]/g, '');
          setPhoneNumber(phone);
          void signInSmsPasswordless(phone);
        }}
      >
        <Form noValidate>
          <Stack spacing={2}>
            <Typography>{t('sms.intro')}</Typography>
            <FormTextField name="phoneNumber" type="tel" label={t('fields.phoneNumber')} autoComplete="tel" placeholder="+36 30 123 4567" />
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
  return (
    <>
      <AuthErrorAlert error={active.error} />
      <Formik
        initialValues={{ email: '' }}
        validationSchema={optionalEmail}
        onSubmit={(values) => {
          const email = values.email?.trim() ?? '';
          setUsedEmail(Boolean(email));
          void (email ? withEmail.signInEmailSecurityKey(email) : discoverable.signInSecurityKey());
        }}
      >
        <Form noValidate>
          <Stack spacing={2}>
            <Typography>{t('securityKey.intro')}</Typography>
            <FormTextField name="email" type="email" label={t('fields.emailOptional')} autoComplete="username webauthn" />
            <Button type="submit" variant="contained" disabled={isLoading}>
              {t('securityKey.submit')}
            </Button>
          </Stack>
        </Form>
      </Formik>
    </>
  );
}
