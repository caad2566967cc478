// Formik-bound MUI fields for the accommodation editor: small, full width, and showing
// validation messages translated from the schema's message keys.
import { useEffect, type ReactNode } from 'react';
import { useField, useFormikContext } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export const EDITOR_NAMESPACES = ['accommodation', 'rate'] as const;

/** Translates a schema message ({ key, values }) or a plain key from the server error mapping. */
export function translateError(t: TFunction, error: unknown): string {
  if (typeof error === 'string') return t(error, { ns: EDITOR_NAMESPACES });
  if (error && typeof error === 'object' && 'key' in error && typeof error.key === 'string') {
    const values = 'values' in error && error.values && typeof error.values === 'object' ? error.values : {};
    return t(error.key, { ...values, ns: EDITOR_NAMESPACES });
  }
  return t('validation.invalid', { ns: 'accommodation' });
}

interface FieldProps {
  name: string;
  label: string;
  disabled?: boolean;
  helperText?: string;
}

function useFieldError(name: string) {
  const { t } = useTranslation(EDITOR_NAMESPACES);
  const [field, meta] = useField(name);
  const { submitCount } = useFormikContext();
  // Server errors (set after submit) show even if the field was never touched.
  const shown = (meta.touched || submitCount > 0) && meta.error !== undefined;
  return { field, error: shown ? translateError(t, meta.error) : undefined };
}

export function TextInput({ name, label, disabled, helperText, type = 'text', multiline }: FieldProps & { type?: 'text' | 'number' | 'date'; multiline?: boolean }) {
  const { field, error } = useFieldError(name);
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
  const { field, error } = useFieldError(name);
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

/** Tells the editor whether this form has unsaved changes (for the leave warning). */
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
