// A small form kit for guest pages (the staff form kit brings MUI and Formik): fields keep their
// values as strings, the contract's Yup schema (loaded on first input) validates on submit, and messages are the same
// "journey:key|values" strings the server answers with, translated here.
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { AnyObject, ObjectSchema, ValidationError } from 'yup';
import { translateFormMessage } from '@/lib/i18n/formMessage';
import { useTypedBeforeHydration } from '@/lib/useTypedBeforeHydration';
import { NETWORK_FAILURE, type JourneyResult } from '../api';
import styles from '../journey.module.css';

export type Values = Record<string, string>;
export type Errors = Record<string, string | undefined>;

/**
 * The contract's schema, loaded when the guest starts filling the form (or at the latest on send),
 * never with the card: Yup and the contracts stay off the card's first screen.
 */
export type SchemaLoader<T extends AnyObject> = () => Promise<ObjectSchema<T>>;

export function useGuestForm<T extends AnyObject>(loadSchema: SchemaLoader<T>, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const schema = useRef<Promise<ObjectSchema<T>> | null>(null);
  const load = () => (schema.current ??= loadSchema());
  const set = (name: string, value: string) => {
    void load().catch(() => (schema.current = null));
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  /** The values as the schema types them (empty strings left out), or undefined with the errors shown. */
  const validate = async (): Promise<T | undefined> => {
    const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    let loaded: ObjectSchema<T>;
    try {
      loaded = await load();
    } catch (e) {
      // Offline when the validation was to load: the send fails the same way and says so.
      schema.current = null;
      throw e;
    }
    try {
      return loaded.validateSync(input, { abortEarly: false, stripUnknown: true }) as T;
    } catch (e) {
      const found: Errors = {};
      for (const inner of (e as ValidationError).inner ?? []) if (inner.path && !found[inner.path]) found[inner.path] = inner.message;
      setErrors(found);
      return undefined;
    }
  };
  return { values, setValues, errors, setErrors, set, validate };
}

export interface FieldProps {
  name: string;
  label: string;
  form: { values: Values; errors: Errors; set: (name: string, value: string) => void };
  type?: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
}

function useMessage(message: string | undefined): string | undefined {
  const { t } = useTranslation('journey');
  return translateFormMessage(t, message);
}


/** Label, control and message; the message sits outside the label so the field's name stays its label. */
function Wrapper({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <span className={styles.fieldError} id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function TextField({ name, label, form, type = 'text', required, autoComplete, inputMode }: FieldProps) {
  const id = `f-${name}`;
  const error = useMessage(form.errors[name]);
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, (typed) => {
    if (typed !== (form.values[name] ?? '')) form.set(name, typed);
  });
  return (
    <Wrapper id={id} label={required ? `${label} *` : label} error={error}>
      <input ref={ref} id={id} name={name} type={type} value={form.values[name] ?? ''} required={required} autoComplete={autoComplete} inputMode={inputMode} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => form.set(name, e.target.value)} />
    </Wrapper>
  );
}

export function TextArea({ name, label, form }: FieldProps) {
  const id = `f-${name}`;
  const error = useMessage(form.errors[name]);
  const ref = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeHydration(ref, (typed) => {
    if (typed !== (form.values[name] ?? '')) form.set(name, typed);
  });
  return (
    <Wrapper id={id} label={label} error={error}>
      <textarea ref={ref} id={id} name={name} rows={3} value={form.values[name] ?? ''} aria-invalid={error ? true : undefined} onChange={(e) => form.set(name, e.target.value)} />
    </Wrapper>
  );
}

/**
 * `onOpen`: called when the guest is about to open or type into the select (pressed, focused or a
 * key), early enough for options it adds to be in the list the browser shows (CountryField).
 */
export function SelectField({ name, label, form, options, required, onOpen }: FieldProps & { options: readonly { value: string; label: string }[]; onOpen?: () => void }) {
  const id = `f-${name}`;
  const error = useMessage(form.errors[name]);
  const { t } = useTranslation('journey');
  return (
    <Wrapper id={id} label={required ? `${label} *` : label} error={error}>
      <select id={id} name={name} value={form.values[name] ?? ''} required={required} aria-invalid={error ? true : undefined} onChange={(e) => form.set(name, e.target.value)} onPointerDown={onOpen} onFocus={onOpen} onKeyDown={onOpen}>
        <option value="">{t('form.choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrapper>
  );
}

export interface SubmitStatus {
  error: boolean;
  text: string;
}

/**
 * A card's send: validates the form, calls its function, puts the server's field error on that
 * field, and says how it went (`succeeded` words the answer; `after` reloads the journey).
 */
export function useCardSubmit<T extends AnyObject, R>(
  form: { validate: () => Promise<T | undefined>; setErrors: (errors: Errors) => void },
  send: (values: T) => Promise<JourneyResult<R>>,
  succeeded: (value: R) => string,
  after: () => Promise<void>,
) {
  const { t } = useTranslation('journey');
  const [status, setStatus] = useState<SubmitStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setStatus(null);
    setBusy(true);
    let result: JourneyResult<R> | undefined;
    try {
      const values = await form.validate();
      result = values ? await send(values) : undefined;
    } catch {
      result = NETWORK_FAILURE;
    }
    setBusy(false);
    if (!result) return;
    if (!result.ok) {
      if (result.error.field) form.setErrors({ [result.error.field]: result.error.messageKey });
      return setStatus({ error: true, text: t(result.error.messageKey.replace(/^journey:/, '')) });
    }
    setStatus({ error: false, text: succeeded(result.value) });
    await after();
  };
  return { status, busy, submit };
}

/** The answer of a card's send, announced to screen readers (an alert when it failed). */
export function SubmitStatusLine({ status }: { status: SubmitStatus | null }) {
  if (!status) return null;
  return (
    <p className={status.error ? styles.error : styles.success} role={status.error ? 'alert' : 'status'}>
      {status.text}
    </p>
  );
}
