// How every field of the form kit binds to Formik and shows its message: the message (a form
// message, src/lib/i18n/formMessage) shows once the field was touched or the form submitted, so a
// server error set after submit shows even on a field never touched.
import { useField, useFormikContext } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import { translateFormMessage } from '@/lib/i18n/formMessage';

export function useFieldMessage<V = unknown>(name: string) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<V>(name);
  const { submitCount } = useFormikContext();
  const shown = (meta.touched || submitCount > 0) && typeof meta.error === 'string';
  return { field, meta, helpers, error: shown ? translateFormMessage(t, meta.error) : undefined };
}
