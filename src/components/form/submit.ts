// The one way the editor's forms save: cast the form values with the Yup schema, hand them to the
// view, and show a database uniqueness error on its field (section 8) or accept the new values.
import type { FormikHelpers } from 'formik';
import type { AnyObjectSchema, InferType } from 'yup';
import type { UniquenessViolation } from '@/domain/uniqueness';

/** What a view's save callback reports back: null when saved, the field to mark, or 'failed'
 * when the view already told the user (toast) and the form should keep its values. */
export type SaveResult = UniquenessViolation | 'failed' | null;

export function submitWith<S extends AnyObjectSchema, V extends object>(schema: S, save: (values: InferType<S>) => Promise<SaveResult>, options: { resetOnSave?: boolean } = {}) {
  return async (values: V, helpers: FormikHelpers<V>): Promise<void> => {
    const cast = schema.cast(values, { stripUnknown: true }) as InferType<S>;
    const result = await save(cast);
    if (result === 'failed') return;
    if (result) {
      helpers.setFieldError(result.field, result.messageKey);
      return;
    }
    if (options.resetOnSave) helpers.resetForm();
    else helpers.resetForm({ values });
  };
}
