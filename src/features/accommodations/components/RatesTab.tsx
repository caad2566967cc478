// The rates tab: each unit's rates with their effective price (derived rates follow their parent,
// modifiers and min/max applied by src/domain), and the rate form.
import { useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AMOUNT_TYPES, rateSchema, type RateValues } from '@/domain/accommodations/accommodationSchemas';
import { CURRENCIES, formatMoney } from '@/domain/money';
import { allowedParents, RateDerivationError, resolveRate } from '@/domain/ratePricing';
import { ratesToDomain, rateToForm, type FormShape } from '../mappers';
import { submitWith, type SaveResult } from '@/components/form/submit';
import type { RateRow, UnitRow } from '../types';
import { CheckboxInput, DirtyReporter, FormGrid, SelectInput, TextInput } from '@/components/form/fields';
import { ItemListEditor } from '@/components/ItemListEditor';

export interface RatesTabProps {
  units: UnitRow[];
  readOnly?: boolean;
  onSave: (values: RateValues, id: string | null) => Promise<SaveResult>;
  onDelete: (rate: RateRow) => Promise<void>;
  onDirtyChange?: (id: string, dirty: boolean) => void;
}

/** The rate's price after derivation, modifier and clamping, or a note when it cannot be computed. */
export function useEffectivePrice(rates: RateRow[]) {
  const { t, i18n } = useTranslation('rate');
  const domain = ratesToDomain(rates);
  return (rate: RateRow): string => {
    try {
      return formatMoney(resolveRate(rate.id, domain).price, rate.currency, i18n.language);
    } catch (error) {
      if (error instanceof RateDerivationError) return t(`errors.${error.code}`);
      throw error;
    }
  };
}

function RateFields({ parentOptions }: { parentOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('rate');
  const { values } = useFormikContext<FormShape<RateValues>>();
  const derived = Boolean(values.parentRateId);
  const amountTypes = AMOUNT_TYPES.map((type) => ({ value: type, label: t(`amountTypes.${type}`) }));
  return (
    <Stack spacing={2}>
      <FormGrid>
        <TextInput name="name" label={t('fields.name')} />
        <TextInput name="occupancy" type="number" label={t('fields.occupancy')} />
        <SelectInput name="currency" label={t('fields.currency')} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        <SelectInput name="parentRateId" label={t('fields.parentRate')} options={[{ value: '', label: t('fields.noParent') }, ...parentOptions]} />
        {derived ? (
          <>
            <SelectInput name="derivedChangeType" label={t('fields.derivedChangeType')} options={amountTypes} />
            <TextInput name="derivedChangeValue" type="number" label={t('fields.derivedChangeValue')} helperText={t('fields.derivedChangeHelp')} />
          </>
        ) : (
          <TextInput name="price" type="number" label={t('fields.price')} />
        )}
        <TextInput name="minPrice" type="number" label={t('fields.minPrice')} />
        <TextInput name="maxPrice" type="number" label={t('fields.maxPrice')} />
        <TextInput name="minStay" type="number" label={t('fields.minStay')} />
        <TextInput name="maxStay" type="number" label={t('fields.maxStay')} />
        <SelectInput
          name="modifierDirection"
          label={t('fields.modifierDirection')}
          options={[
            { value: '', label: t('modifier.none') },
            { value: 'increase', label: t('modifier.increase') },
            { value: 'decrease', label: t('modifier.decrease') },
          ]}
        />
        {values.modifierDirection ? (
          <>
            <SelectInput name="modifierType" label={t('fields.modifierType')} options={amountTypes} />
            <TextInput name="modifierValue" type="number" label={t('fields.modifierValue')} />
          </>
        ) : null}
      </FormGrid>
      {derived ? (
        <div>
          <CheckboxInput name="inheritClosedToArrival" label={t('fields.inheritClosedToArrival')} />
          <CheckboxInput name="inheritClosedToDeparture" label={t('fields.inheritClosedToDeparture')} />
        </div>
      ) : null}
    </Stack>
  );
}

export function RateForm({ rate, unitId, unitRates, onSave, onDone, onDirtyChange }: { rate: RateRow | null; unitId: string; unitRates: RateRow[]; onSave: RatesTabProps['onSave']; onDone: () => void; onDirtyChange?: RatesTabProps['onDirtyChange'] }) {
  const { t } = useTranslation('rate');
  const parents = new Map(unitRates.map((r) => [r.id, r.parent_rate_id]));
  const allowed = new Set(allowedParents(rate?.id ?? null, parents));
  const parentOptions = unitRates.filter((r) => allowed.has(r.id)).map((r) => ({ value: r.id, label: `${r.name} (${r.occupancy}, ${r.currency})` }));
  const save = async (values: RateValues) => {
    const result = await onSave(values, rate?.id ?? null);
    if (result === null) onDone();
    return result;
  };
  return (
    <Formik initialValues={rateToForm(rate, unitId)} validationSchema={rateSchema} onSubmit={submitWith(rateSchema, save)}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={rate ? t('editTitle', { name: rate.name }) : t('new')}>
          <DirtyReporter id={`rate-${rate?.id ?? 'new'}`} onDirtyChange={onDirtyChange} />
          <Stack spacing={2}>
            <RateFields parentOptions={parentOptions} />
            <div>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('save')}
              </Button>
            </div>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

export function RatesTab({ units, readOnly, onSave, onDelete, onDirtyChange }: RatesTabProps) {
  const { t } = useTranslation(['rate', 'accommodation']);
  const [chosenUnitId, setUnitId] = useState<string>('');
  const unit = units.find((u) => u.id === chosenUnitId) ?? units[0];
  const rates = unit?.rates ?? [];
  const effectivePrice = useEffectivePrice(rates);
  if (!unit) return <p>{t('accommodation:rates.needUnit')}</p>;
  const byId = new Map(rates.map((r) => [r.id, r]));
  return (
    <Stack spacing={2}>
      <TextField select size="small" label={t('fields.unit')} value={unit.id} onChange={(event) => setUnitId(event.target.value)} sx={{ maxWidth: 320 }} id="rates-unit">
        {units.map((u) => (
          <MenuItem key={u.id} value={u.id}>
            {u.name}
          </MenuItem>
        ))}
      </TextField>
      <ItemListEditor
        key={unit.id}
        title={t('title', { unit: unit.name })}
        emptyText={t('empty')}
        newLabel={t('new')}
        items={rates}
        readOnly={readOnly}
        itemName={(rate) => rate.name}
        columns={[
          { header: t('fields.name'), render: (r) => r.name },
          { header: t('fields.occupancy'), render: (r) => r.occupancy },
          { header: t('fields.currency'), render: (r) => r.currency },
          { header: t('fields.parentRate'), render: (r) => (r.parent_rate_id ? t('derivedFrom', { name: byId.get(r.parent_rate_id)?.name ?? '?', change: `${Number(r.derived_change_value) > 0 ? '+' : ''}${Number(r.derived_change_value)}${r.derived_change_type === 'PERCENT' ? '%' : ` ${r.currency}`}` }) : '') },
          { header: t('effectivePrice'), render: (r) => effectivePrice(r) },
        ]}
        renderForm={(rate, done) => <RateForm key={rate?.id ?? 'new'} rate={rate} unitId={unit.id} unitRates={rates} onSave={onSave} onDone={done} onDirtyChange={onDirtyChange} />}
        onDelete={onDelete}
      />
    </Stack>
  );
}
