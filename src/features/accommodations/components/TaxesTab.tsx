// The taxes tab: tourist-tax ranges and a preview of the tax for a sample stay, computed by
// src/domain/touristTax (Budapest's 4% of the accommodation fee is the common case).
import { useState } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AMOUNT_TYPES, taxRangeSchema, type TaxRangeValues } from '@/domain/accommodations/accommodationSchemas';
import { addDays } from '@/domain/dates';
import { CURRENCIES, formatMoney, isCurrency, toMinor, type Currency } from '@/domain/money';
import { touristTaxForStay, TouristTaxError, type TouristTaxResult } from '@/domain/touristTax';
import { taxRangesToDomain, taxRangeToForm } from '../mappers';
import { submitWith, type SaveResult } from '@/components/form/submit';
import type { TaxRangeRow } from '../types';
import { CheckboxInput, DirtyReporter, FormGrid, SelectInput, TextInput } from '@/components/form/fields';
import { ItemListEditor } from '@/components/ItemListEditor';

export interface TaxesTabProps {
  ranges: TaxRangeRow[];
  readOnly?: boolean;
  /** The first day of the sample stay; tests pass a fixed date. */
  today: string;
  onSave: (values: TaxRangeValues, id: string | null) => Promise<SaveResult>;
  onDelete: (range: TaxRangeRow) => Promise<void>;
  onDirtyChange?: (id: string, dirty: boolean) => void;
}

function TaxRangeForm({ range, onSave, onDone, onDirtyChange }: { range: TaxRangeRow | null; onSave: TaxesTabProps['onSave']; onDone: () => void; onDirtyChange?: TaxesTabProps['onDirtyChange'] }) {
  const { t } = useTranslation('accommodation');
  const save = async (values: TaxRangeValues) => {
    const result = await onSave(values, range?.id ?? null);
    if (result === null) onDone();
    return result;
  };
  return (
    <Formik initialValues={taxRangeToForm(range)} validationSchema={taxRangeSchema} onSubmit={submitWith(taxRangeSchema, save)}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('taxes.form')}>
          <DirtyReporter id={`tax-${range?.id ?? 'new'}`} onDirtyChange={onDirtyChange} />
          <Stack spacing={2}>
            <FormGrid>
              <SelectInput name="type" label={t('taxes.fields.type')} options={AMOUNT_TYPES.map((type) => ({ value: type, label: t(`taxes.types.${type}`) }))} />
              <TextInput name="value" type="number" label={t('taxes.fields.value')} />
              <SelectInput name="currency" label={t('taxes.fields.currency')} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
              <TextInput name="validFrom" type="date" label={t('taxes.fields.validFrom')} />
              <TextInput name="validTo" type="date" label={t('taxes.fields.validTo')} />
              <TextInput name="maxNights" type="number" label={t('taxes.fields.maxNights')} />
            </FormGrid>
            <div>
              <CheckboxInput name="inclusive" label={t('taxes.fields.inclusive')} />
              <CheckboxInput name="issueOnCleaning" label={t('taxes.fields.issueOnCleaning')} />
            </div>
            <div>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('taxes.save')}
              </Button>
            </div>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

interface SampleStay {
  checkIn: string;
  checkOut: string;
  adults: string;
  children: string;
  infants: string;
  fee: string;
  currency: Currency;
  eurHuf: string;
}

export function TaxPreview({ ranges, today }: { ranges: TaxRangeRow[]; today: string }) {
  const { t, i18n } = useTranslation('accommodation');
  const [stay, setStay] = useState<SampleStay>({ checkIn: today, checkOut: addDays(today, 3), adults: '2', children: '0', infants: '0', fee: '60000', currency: 'HUF', eurHuf: '' });
  const set = (key: keyof SampleStay) => (event: { target: { value: string } }) => setStay((s) => ({ ...s, [key]: event.target.value }));
  let result: TouristTaxResult | null = null;
  let problem: string | null = null;
  try {
    result = touristTaxForStay(
      {
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        adults: Number(stay.adults),
        children: Number(stay.children),
        infants: Number(stay.infants),
        accommodationFee: toMinor(Number(stay.fee || 0), stay.currency),
        currency: stay.currency,
      },
      taxRangesToDomain(ranges),
      { eurHuf: stay.eurHuf ? Number(stay.eurHuf) : undefined },
    );
  } catch (error) {
    if (!(error instanceof TouristTaxError || error instanceof RangeError)) throw error;
    problem = error instanceof TouristTaxError ? t(`taxes.preview.errors.${error.code}`) : t('taxes.preview.errors.invalidStay');
  }
  const money = (minor: number) => formatMoney(minor, stay.currency, i18n.language);
  const field = (key: keyof SampleStay, type: 'date' | 'number' = 'number') => (
    <TextField id={`preview-${key}`} size="small" type={type} label={t(`taxes.preview.${key}`)} value={stay[key]} onChange={set(key)} slotProps={{ inputLabel: { shrink: true } }} />
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('taxes.preview.title')}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h3">
          {t('taxes.preview.title')}
        </Typography>
        <FormGrid>
          {field('checkIn', 'date')}
          {field('checkOut', 'date')}
          {field('adults')}
          {field('children')}
          {field('infants')}
          {field('fee')}
          <TextField id="preview-currency" select size="small" label={t('taxes.preview.currency')} value={stay.currency} onChange={(e) => isCurrency(e.target.value) && setStay((s) => ({ ...s, currency: e.target.value as Currency }))}>
            {CURRENCIES.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
          {field('eurHuf')}
        </FormGrid>
        {problem ? <Alert severity="warning">{problem}</Alert> : null}
        {result ? (
          <div data-testid="tax-preview-result">
            <Typography>
              <strong>{t('taxes.preview.total', { amount: money(result.total) })}</strong>
            </Typography>
            <Typography>{t('taxes.preview.guestPays', { amount: money(result.guestPays) })}</Typography>
            <Typography>{t('taxes.preview.netFee', { amount: money(result.netAccommodationFee) })}</Typography>
            <ul>
              {result.segments.map((segment) => (
                <li key={segment.from}>{t('taxes.preview.segment', { from: segment.from, to: segment.to, nights: segment.nights, guests: segment.taxableGuests, amount: money(segment.amount), count: segment.nights })}</li>
              ))}
              {result.untaxedNights.map((night) => (
                <li key={night.date}>{t(`taxes.preview.untaxed.${night.reason}`, { date: night.date })}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function TaxesTab({ ranges, readOnly, today, onSave, onDelete, onDirtyChange }: TaxesTabProps) {
  const { t } = useTranslation('accommodation');
  const describe = (r: TaxRangeRow) => (r.type === 'PERCENT' ? `${Number(r.value)}%` : `${Number(r.value)} ${r.currency}`);
  return (
    <Stack spacing={3}>
      <ItemListEditor
        title={t('tabs.taxes')}
        emptyText={t('taxes.empty')}
        newLabel={t('taxes.new')}
        items={ranges}
        readOnly={readOnly}
        itemName={(r) => `${describe(r)} ${r.valid_from}`}
        columns={[
          { header: t('taxes.fields.value'), render: (r) => `${describe(r)} ${r.type === 'FIX' ? t('taxes.perGuestNight') : t('taxes.ofFee')}` },
          { header: t('taxes.fields.inclusive'), render: (r) => (r.inclusive ? t('yes') : t('no')) },
          { header: t('taxes.validity'), render: (r) => `${r.valid_from} – ${r.valid_to ?? '…'}` },
          { header: t('taxes.fields.maxNights'), render: (r) => r.max_nights ?? '–' },
          { header: t('taxes.fields.issueOnCleaning'), render: (r) => (r.issue_on_cleaning ? t('yes') : t('no')) },
        ]}
        renderForm={(range, done) => <TaxRangeForm key={range?.id ?? 'new'} range={range} onSave={onSave} onDone={done} onDirtyChange={onDirtyChange} />}
        onDelete={onDelete}
      />
      <TaxPreview ranges={ranges} today={today} />
    </Stack>
  );
}
