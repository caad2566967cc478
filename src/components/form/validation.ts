// The shared form rules of SPEC 5 as Yup pieces with translatable messages (common namespace).
import * as yup from 'yup';
import { formMessage } from '@/lib/i18n/formMessage';

export const MIN_PASSWORD_LENGTH = 8;
/** The auth service's bound on a password's characters (its schema's maxLength: invalid-request past it). */
export const MAX_PASSWORD_LENGTH = 50;
/**
 * bcrypt reads 72 bytes of a password: the auth service refuses to store a longer one (a 500, as
 * hasura-auth), which fifty characters reach when half are letters like ő (two bytes) or emoji (four).
 */
export const MAX_PASSWORD_BYTES = 72;
export const MIN_NAME_LENGTH = 2;

export const requiredText = () => yup.string().trim().required(formMessage('common:validation.required'));

export const emailField = () => yup.string().trim().required(formMessage('common:validation.required')).email(formMessage('common:validation.email'));

export const passwordField = () =>
  yup
    .string()
    .required(formMessage('common:validation.required'))
    .min(MIN_PASSWORD_LENGTH, ({ min }: { min: number }) => formMessage('common:validation.minLength', { count: min }))
    .max(MAX_PASSWORD_LENGTH, ({ max }: { max: number }) => formMessage('common:validation.maxLength', { count: max }))
    .test('bytes', formMessage('common:validation.passwordTooLong', { max: MAX_PASSWORD_BYTES }), (value) => !value || new TextEncoder().encode(value).length <= MAX_PASSWORD_BYTES);

export const passwordConfirmation = (ref = 'password') =>
  yup
    .string()
    .required(formMessage('common:validation.required'))
    .oneOf([yup.ref(ref)], formMessage('common:validation.passwordsMatch'));

export const nameField = () =>
  yup
    .string()
    .trim()
    .required(formMessage('common:validation.required'))
    .min(MIN_NAME_LENGTH, formMessage('common:validation.nameMin'));

export const phoneField = () =>
  yup
    .string()
    .trim()
    .required(formMessage('common:validation.required'))
    .matches(/^\+?[0-9 ()-]{6,20}$/, formMessage('common:validation.phone'));

export const codeField = () =>
  yup
    .string()
    .trim()
    .required(formMessage('common:validation.required'))
    .matches(/^[0-9]{6}$/, formMessage('common:validation.code'));
