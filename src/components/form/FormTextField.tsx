// A MUI text field bound to a Formik field by name, showing its translated error once touched.
import { useField } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { translateFormMessage } from './formMessage';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

export function FormTextField({ name, helperText, ...props }: FormTextFieldProps) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? translateFormMessage(t, meta.error) : undefined;
  return <TextField {...props} {...field} value={field.value ?? ''} id={props.id ?? name} error={Boolean(error)} helperText={error ?? helperText} />;
}
