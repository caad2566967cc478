// Staff check a guest in at the desk from the document in front of them: the journey's own guest
// form and rules (guestSchema: names, birth data, NTAK country codes, document), for one of the
// booking's units. The same form corrects an existing check-in (`initial`), opened from an NTAK or
// VIZA field error with the refused field marked and focused (`refusedField`). Pure: the panel
// saves what `onSubmit` gets and answers with an error key or null.
import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COUNTRY_CODES } from '@/domain/ntak/enums';
import { DOCUMENT_TYPES, GENDERS, guestSchema, type GuestForm } from '@/lib/functions/journey';
import { countryOptions } from '../format';
import { SelectField, TextField, useGuestForm, type Values } from '../components/formKit';
import styles from '../journey.module.css';

export interface StaffCheckinUnit {
  id: string;
  name: string;
  /** Guests already checked in, and how many the unit was booked for. */
  guests: number;
  capacity: number;
}

export interface StaffCheckinFormProps {
  units: readonly StaffCheckinUnit[];
  /** Saves the guest; resolves to a `journey:` message key when it was refused, else null. */
  onSubmit: (bookedUnitId: string, guest: GuestForm) => Promise<string | null>;
  onCancel: () => void;
  /** An existing check-in's values: the form corrects it (no unit choice, no capacity limit). */
  initial?: Values;
  /** The form field a registry refused: marked as such and focused when the form opens. */
  refusedField?: string | null;
}

export function StaffCheckinForm({ units, onSubmit, onCancel, initial, refusedField }: StaffCheckinFormProps) {
  const { t } = useTranslation('journey');
  const { locale } = useRouter();
  const editing = Boolean(initial);
  const open = editing ? units : units.filter((u) => u.guests < u.capacity);
  const form = useGuestForm(async () => guestSchema, initial ?? ({ bookedUnitId: open[0]?.id ?? '', arrivalTime: '15:00', departureTime: '10:00' } as Values));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countries = countryOptions(COUNTRY_CODES, locale);
  const { setErrors } = form;
  const title = editing ? t('staff.correctCheckin') : t('staff.checkinGuest');

  useEffect(() => {
    if (!refusedField) return;
    setErrors({ [refusedField]: 'journey:staff.refusedField' });
    const input = document.getElementById(`f-${refusedField}`);
    input?.scrollIntoView?.({ block: 'center' });
    input?.focus();
  }, [refusedField, setErrors]);

  const submit = async () => {
    setError(null);
    const guest = await form.validate();
    if (!guest || !form.values.bookedUnitId) return setError('errors.invalid');
    setBusy(true);
    const refused = await onSubmit(form.values.bookedUnitId, guest);
    setBusy(false);
    if (refused) setError(refused.replace(/^journey:/, ''));
  };

  return (
    <form
      className={styles.form}
      noValidate
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {editing ? t('staff.correctIntro') : t('staff.checkinIntro')}
      </Typography>
      {!editing && open.length > 1 ? <SelectField name="bookedUnitId" label={t('fields.unit')} form={form} required options={open.map((u) => ({ value: u.id, label: `${u.name} (${u.guests}/${u.capacity})` }))} /> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {t(error)}
        </p>
      ) : null}
      <div className={styles.row}>
        <TextField name="lastName" label={t('fields.lastName')} form={form} required />
        <TextField name="firstName" label={t('fields.firstName')} form={form} required />
      </div>
      <div className={styles.row}>
        <TextField name="birthLastName" label={t('fields.birthLastName')} form={form} />
        <TextField name="birthFirstName" label={t('fields.birthFirstName')} form={form} />
      </div>
      <div className={styles.row}>
        <TextField name="motherLastName" label={t('fields.motherLastName')} form={form} required />
        <TextField name="motherFirstName" label={t('fields.motherFirstName')} form={form} required />
      </div>
      <div className={styles.row}>
        <TextField name="dob" label={t('fields.dob')} form={form} type="date" required />
        <TextField name="pob" label={t('fields.pob')} form={form} required />
      </div>
      <div className={styles.row}>
        <SelectField name="gender" label={t('fields.gender')} form={form} required options={GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))} />
        <SelectField name="nationality" label={t('fields.nationality')} form={form} required options={countries} />
      </div>
      <SelectField name="country" label={t('fields.country')} form={form} required options={countries} />
      <div className={styles.row}>
        <TextField name="zip" label={t('fields.zip')} form={form} />
        <TextField name="city" label={t('fields.city')} form={form} />
      </div>
      <TextField name="address" label={t('fields.address')} form={form} />
      <div className={styles.row}>
        <SelectField name="documentType" label={t('fields.documentType')} form={form} required options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documentTypes.${d}`) }))} />
        <TextField name="documentId" label={t('fields.documentId')} form={form} required />
      </div>
      <div className={styles.row}>
        <TextField name="arrivalTime" label={t('fields.arrivalTime')} form={form} type="time" required />
        <TextField name="departureTime" label={t('fields.departureTime')} form={form} type="time" required />
      </div>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy || open.length === 0}>
          {editing ? t('staff.saveCorrection') : t('staff.saveCheckin')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('staff.cancel')}
        </Button>
      </Stack>
    </form>
  );
}
