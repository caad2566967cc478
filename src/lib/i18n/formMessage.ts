// The one format of form messages: validation and server-error messages travel through Yup and
// Formik as strings, "<namespace>:<key>" plus, when the text needs values (a minimum length),
// "|<json values>". Fields of the form kit (src/components/form) decode and translate them. Pure,
// so the Yup schemas in src/domain use it too.
import type { TFunction } from 'i18next';

/** A translatable form message: `formMessage('accommodation:validation.required')`. */
export type FormMessage = string;

export function formMessage(key: string, values?: Record<string, string | number>): FormMessage {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

export function translateFormMessage(t: TFunction, message: FormMessage | undefined): string | undefined {
  if (!message) return undefined;
  const bar = message.indexOf('|');
  if (bar < 0) return t(message);
  const values: unknown = JSON.parse(message.slice(bar + 1));
  return t(message.slice(0, bar), typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {});
}
