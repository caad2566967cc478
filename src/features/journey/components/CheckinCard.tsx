// Check-in, one guest at a time: optionally photograph the passport or ID card (the MRZ is read on
// the server and nothing of the photo is kept), confirm or type the fields, send. The server
// refuses a guest already checked in and more guests than the unit was booked for.
import { useRef, useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { ScanResponse } from '@/lib/functions/journey';
import { DOCUMENT_TYPES, GENDERS, SCAN_MAX_BYTES } from '@/lib/functions/journeyValues';
import { callJourney, NETWORK_FAILURE, uploadScan, type JourneyResult } from '../api';
import type { JourneyCardProps } from '../cards';
import { CountryField, useCountryLists } from './CountryField';
import { SelectField, TextField, useGuestForm, type Values } from './formKit';
import styles from '../journey.module.css';

type Scanned = ScanResponse['fields'];

/** The contracts (and Yup): loaded when the guest starts the form or picks a photo, not with the card. */
const contracts = () => import('@/lib/functions/journey');

export function CheckinCard({ journeyId, stay, reload }: JourneyCardProps) {
  const { t } = useTranslation('journey');
  const openUnits = stay.units.filter((u) => u.guests.length < u.capacity);
  const blank = (): Values => ({ bookedUnitId: openUnits[0]?.id ?? '', arrivalTime: stay.checkinTime, departureTime: stay.checkoutTime });
  const form = useGuestForm(() => contracts().then((c) => c.guestSchema), blank());
  const [scanned, setScanned] = useState<Scanned | null>(null);
  const [status, setStatus] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const countries = useCountryLists();

  if (openUnits.length === 0) return <p className={styles.success}>{t('checkin.allDone')}</p>;

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setStatus(null);
    if (file.size > SCAN_MAX_BYTES) return setStatus({ kind: 'error', text: t('errors.tooLarge') });
    setBusy(true);
    const result = await contracts()
      .then((c) => uploadScan<ScanResponse>('/journey/scan', journeyId, file, { response: c.scanResponse }))
      .catch((): JourneyResult<ScanResponse> => NETWORK_FAILURE);
    setBusy(false);
    if (fileInput.current) fileInput.current.value = '';
    if (!result.ok) return setStatus({ kind: 'error', text: t(result.error.messageKey.replace(/^journey:/, '')) });
    const f = result.value.fields;
    setScanned(f);
    form.setValues((v) => ({
      ...v,
      firstName: f.firstName || v.firstName || '',
      lastName: f.lastName || v.lastName || '',
      dob: f.dob ?? v.dob ?? '',
      gender: f.gender ?? v.gender ?? '',
      nationality: f.nationality ?? v.nationality ?? '',
      country: v.country || f.nationality || '',
      documentType: f.documentType,
      documentId: f.documentId,
    }));
    setStatus({ kind: 'info', text: t('checkin.scanned') });
  };

  const onSubmit = async () => {
    setStatus(null);
    const bookedUnitId = form.values.bookedUnitId;
    setBusy(true);
    let guest: Awaited<ReturnType<typeof form.validate>>;
    let result: JourneyResult<unknown> | undefined;
    try {
      guest = await form.validate();
      if (guest && bookedUnitId) result = await callJourney((await contracts()).journeyCheckinFunction, { journeyId, bookedUnitId, guest, scanned });
    } catch {
      result = NETWORK_FAILURE;
    }
    setBusy(false);
    if (!result) return;
    if (!result.ok) {
      if (result.error.field?.startsWith('guest.')) form.setErrors({ [result.error.field.slice(6)]: result.error.messageKey });
      return setStatus({ kind: 'error', text: t(result.error.messageKey.replace(/^journey:/, '')) });
    }
    if (guest) setStatus({ kind: 'success', text: t('checkin.success', { name: `${guest.firstName} ${guest.lastName}` }) });
    form.setValues(blank());
    setScanned(null);
    await reload();
  };

  return (
    <form
      method="post"
      className={styles.form}
      noValidate
      onFocus={countries.buildSoon}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <p className={styles.muted}>{t('checkin.intro')}</p>
      {openUnits.length > 1 ? (
        <SelectField name="bookedUnitId" label={t('fields.unit')} form={form} required options={openUnits.map((u) => ({ value: u.id, label: `${u.name} (${u.guests.length}/${u.capacity})` }))} />
      ) : null}
      <div className={styles.scan}>
        <label className={styles.field} htmlFor="f-document-photo">
          <span>{t('checkin.scanLabel')}</span>
          <input ref={fileInput} id="f-document-photo" type="file" accept="image/jpeg,image/png" capture="environment" disabled={busy} onChange={(e) => void onPhoto(e.target.files?.[0])} />
        </label>
        <p className={styles.muted}>{t('checkin.scanHint')}</p>
      </div>
      {status ? (
        <p className={status.kind === 'error' ? styles.error : status.kind === 'success' ? styles.success : styles.muted} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      ) : null}
      <div className={styles.row}>
        <TextField name="lastName" label={t('fields.lastName')} form={form} required autoComplete="family-name" />
        <TextField name="firstName" label={t('fields.firstName')} form={form} required autoComplete="given-name" />
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
        <TextField name="dob" label={t('fields.dob')} form={form} type="date" required autoComplete="bday" />
        <TextField name="pob" label={t('fields.pob')} form={form} required />
      </div>
      <div className={styles.row}>
        <SelectField name="gender" label={t('fields.gender')} form={form} required options={GENDERS.map((g) => ({ value: g, label: t(`genders.${g}`) }))} />
        <CountryField name="nationality" label={t('fields.nationality')} form={form} required lists={countries} />
      </div>
      <CountryField name="country" label={t('fields.country')} form={form} required lists={countries} />
      <div className={styles.row}>
        <TextField name="zip" label={t('fields.zip')} form={form} autoComplete="postal-code" />
        <TextField name="city" label={t('fields.city')} form={form} autoComplete="address-level2" />
      </div>
      <TextField name="address" label={t('fields.address')} form={form} autoComplete="street-address" />
      <div className={styles.row}>
        <SelectField name="documentType" label={t('fields.documentType')} form={form} required options={DOCUMENT_TYPES.map((d) => ({ value: d, label: t(`documentTypes.${d}`) }))} />
        <TextField name="documentId" label={t('fields.documentId')} form={form} required />
      </div>
      <div className={styles.row}>
        <TextField name="email" label={t('fields.email')} form={form} type="email" autoComplete="email" inputMode="email" />
        <TextField name="phone" label={t('fields.phone')} form={form} type="tel" autoComplete="tel" inputMode="tel" />
      </div>
      <div className={styles.row}>
        <TextField name="arrivalTime" label={t('fields.arrivalTime')} form={form} type="time" required />
        <TextField name="departureTime" label={t('fields.departureTime')} form={form} type="time" required />
      </div>
      <button className={styles.button} type="submit" disabled={busy}>
        {busy ? t('form.sending') : t('checkin.submit')}
      </button>
    </form>
  );
}
