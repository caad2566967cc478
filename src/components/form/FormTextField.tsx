// A MUI text field bound to a Formik field by name, showing its translated message (the form kit's
// base field; TextInput in ./fields is the compact preset the editors use).
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFieldMessage } from './useFieldMessage';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string };

export function FormTextField({ name, helperText, ...props }: FormTextFieldProps) {
  const { field, error } = useFieldMessage<string>(name);
  return <TextField {...props} {...field} value={field.value ?? ''} id={props.id ?? name} error={Boolean(error)} helperText={error ?? helperText} />;
}
