// An outlined text field bound to a Formik field by name, like FormTextField, but built from
// FormControl, InputLabel, OutlinedInput and FormHelperText instead of MUI's TextField, which
// always bundles its select mode (Select, Menu, Popover, Modal: about 12 kB gzipped). For the
// signed-out pages (sign-in, sign-up, password reset), the first thing a new phone downloads.
// Same look, same label and message wiring (label for, aria-describedby, aria-invalid).
import { useRef, type HTMLAttributes } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useTypedBeforeHydration } from '@/lib/useTypedBeforeHydration';
import { useFieldMessage } from './useFieldMessage';

export interface LightTextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  helperText?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
}

export function LightTextField({ name, label, type = 'text', autoComplete, autoFocus, placeholder, helperText, inputMode, maxLength }: LightTextFieldProps) {
  const { field, helpers, error } = useFieldMessage<string>(name);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, (typed) => {
    if (typed && typed !== (field.value ?? '')) void helpers.setValue(typed);
  });
  const message = error ?? helperText;
  const messageId = message ? `${name}-helper-text` : undefined;
  return (
    <FormControl error={Boolean(error)} variant="outlined">
      <InputLabel htmlFor={name}>{label}</InputLabel>
      <OutlinedInput
        {...field}
        value={field.value ?? ''}
        id={name}
        inputRef={input}
        type={type}
        label={label}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        inputProps={{ inputMode, maxLength, 'aria-describedby': messageId }}
      />
      {message ? <FormHelperText id={messageId}>{message}</FormHelperText> : null}
    </FormControl>
  );
}
