// The fees tab: expense factories per unit (an expense generated per booking or cleaning).
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { AMOUNT_TYPES, EXPENSE_TYPES, feeSchema, type FeeValues } from '@/domain/accommodations/accommodationSchemas';
import { CURRENCIES } from '@/domain/money';
import { feeToForm } from '../mappers';
import { submitWith, type SaveResult } from '@/components/form/submit';
import type { ExpenseFactoryRow, UnitRow } from '../types';
import { DirtyReporter, FormGrid, SelectInput, TextInput } from '@/components/form/fields';
import { ItemListEditor } from '@/components/ItemListEditor';

export interface FeesTabProps {
  units: UnitRow[];
  fees: ExpenseFactoryRow[];
  readOnly?: boolean;
  onSave: (values: FeeValues, id: string | null) => Promise<SaveResult>;
  onDelete: (fee: ExpenseFactoryRow) => Promise<void>;
  onDirtyChange?: (id: string, dirty: boolean) => void;
}

function FeeForm({ fee, units, onSave, onDone, onDirtyChange }: { fee: ExpenseFactoryRow | null; units: UnitRow[]; onSave: FeesTabProps['onSave']; onDone: () => void; onDirtyChange?: FeesTabProps['onDirtyChange'] }) {
  const { t } = useTranslation('accommodation');
  const save = async (values: FeeValues) => {
    const result = await onSave(values, fee?.id ?? null);
    if (result === null) onDone();
    return result;
  };
  return (
    <Formik initialValues={feeToForm(fee, units[0]?.id ?? '')} validationSchema={feeSchema} onSubmit={submitWith(feeSchema, save)}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('fees.form')}>
          <DirtyReporter id={`fee-${fee?.id ?? 'new'}`} onDirtyChange={onDirtyChange} />
          <Stack spacing={2}>
            <FormGrid>
              <TextInput name="name" label={t('fees.fields.name')} />
              <SelectInput name="unitId" label={t('fees.fields.unit')} options={units.map((u) => ({ value: u.id, label: u.name }))} />
              <SelectInput name="type" label={t('fees.fields.type')} options={AMOUNT_TYPES.map((type) => ({ value: type, label: t(`fees.types.${type}`) }))} />
              <TextInput name="value" type="number" label={t('fees.fields.value')} />
              <TextInput name="minimum" type="number" label={t('fees.fields.minimum')} />
              <SelectInput name="currency" label={t('fees.fields.currency')} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
              <SelectInput name="expenseType" label={t('fees.fields.expenseType')} options={EXPENSE_TYPES.map((e) => ({ value: e, label: t(`fees.expenseTypes.${e}`) }))} />
            </FormGrid>
            <div>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('fees.save')}
              </Button>
            </div>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

export function FeesTab({ units, fees, readOnly, onSave, onDelete, onDirtyChange }: FeesTabProps) {
  const { t } = useTranslation('accommodation');
  if (units.length === 0) return <p>{t('fees.needUnit')}</p>;
  const unitName = new Map(units.map((u) => [u.id, u.name]));
  return (
    <ItemListEditor
      title={t('tabs.fees')}
      emptyText={t('fees.empty')}
      newLabel={t('fees.new')}
      items={fees}
      readOnly={readOnly}
      itemName={(f) => f.name}
      columns={[
        { header: t('fees.fields.name'), render: (f) => f.name },
        { header: t('fees.fields.unit'), render: (f) => unitName.get(f.unit_id) ?? '' },
        { header: t('fees.fields.value'), render: (f) => (f.type === 'PERCENT' ? `${Number(f.value)}%` : `${Number(f.value)} ${f.currency}`) },
        { header: t('fees.fields.minimum'), render: (f) => `${Number(f.minimum)} ${f.currency}` },
        { header: t('fees.fields.expenseType'), render: (f) => t(`fees.expenseTypes.${f.expense_type}`) },
      ]}
      renderForm={(fee, done) => <FeeForm key={fee?.id ?? 'new'} fee={fee} units={units} onSave={onSave} onDone={done} onDirtyChange={onDirtyChange} />}
      onDelete={onDelete}
    />
  );
}
