// Form validation messages travel through Yup and Formik as strings; to keep them translatable
// with values (e.g. a minimum length) they are encoded as "<key>|<json values>" and decoded by
// the field that shows them.
import type { TFunction } from 'i18next';

export function formMessage(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

export function translateFormMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const bar = message.indexOf('|');
  if (bar < 0) return t(message);
  const values: unknown = JSON.parse(message.slice(bar + 1));
  return t(message.slice(0, bar), typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {});
}
