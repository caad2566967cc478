// The form kit's compact fields (small, full width) for editors, on the same binding and message
// format as FormTextField, plus the grid they sit in and the unsaved-changes reporter.
import { useEffect, type ReactNode } from 'react';
import { useField, useFormikContext } from 'formik';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFieldMessage } from './useFieldMessage';

interface FieldProps {
  name: string;
  label: string;
  disabled?: boolean;
  helperText?: string;
}

export function TextInput({ name, label, disabled, helperText, type = 'text', multiline }: FieldProps & { type?: 'text' | 'number' | 'date'; multiline?: boolean }) {
  const { field, error } = useFieldMessage(name);
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      id={`field-${name}`}
      label={label}
      type={type}
      size="small"
      fullWidth
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ inputLabel: type === 'date' ? { shrink: true } : undefined, htmlInput: type === 'number' ? { step: 'any' } : undefined }}
    />
  );
}

export function SelectInput({ name, label, disabled, helperText, options }: FieldProps & { options: { value: string; label: string }[] }) {
  const { field, error } = useFieldMessage(name);
  return (
    <TextField {...field} value={field.value ?? ''} id={`field-${name}`} select label={label} size="small" fullWidth disabled={disabled} error={Boolean(error)} helperText={error ?? helperText}>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function CheckboxInput({ name, label, disabled }: FieldProps) {
  const [field] = useField({ name, type: 'checkbox' });
  return <FormControlLabel control={<Checkbox {...field} checked={Boolean(field.value)} disabled={disabled} />} label={label} />;
}

/** Tells the view whether this form has unsaved changes (for the leave warning). */
export function DirtyReporter({ id, onDirtyChange }: { id: string; onDirtyChange?: (id: string, dirty: boolean) => void }) {
  const { dirty } = useFormikContext();
  useEffect(() => {
    onDirtyChange?.(id, dirty);
    return () => onDirtyChange?.(id, false);
  }, [id, dirty, onDirtyChange]);
  return null;
}

export function FormGrid({ children }: { children: ReactNode }) {
  return <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 16, alignItems: 'start' }}>{children}</div>;
}
