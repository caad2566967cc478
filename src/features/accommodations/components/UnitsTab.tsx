// The units tab: an accommodation's units with beds and occupancy; names unique per accommodation.
import type { ReactNode } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { UNIT_CATEGORIES, unitSchema, type UnitValues } from '@/domain/accommodations/accommodationSchemas';
import { unitToForm } from '../mappers';
import { submitWith, type SaveResult } from '@/components/form/submit';
import type { UnitRow } from '../types';
import { DirtyReporter, FormGrid, SelectInput, TextInput } from '@/components/form/fields';
import { ItemListEditor } from '@/components/ItemListEditor';

export interface UnitsTabProps {
  units: UnitRow[];
  readOnly?: boolean;
  onSave: (values: UnitValues, id: string | null) => Promise<SaveResult>;
  onDelete?: (unit: UnitRow) => Promise<void>;
  onDirtyChange?: (id: string, dirty: boolean) => void;
  /** Shown under an existing unit's form (its tasks), for roles that may read them. */
  renderUnitExtra?: (unit: UnitRow) => ReactNode;
}

export function UnitForm({ unit, onSave, onDone, onDirtyChange }: { unit: UnitRow | null; onSave: UnitsTabProps['onSave']; onDone: () => void; onDirtyChange?: UnitsTabProps['onDirtyChange'] }) {
  const { t } = useTranslation('accommodation');
  const save = async (values: UnitValues) => {
    const result = await onSave(values, unit?.id ?? null);
    if (result === null) onDone();
    return result;
  };
  return (
    <Formik initialValues={unitToForm(unit)} validationSchema={unitSchema} onSubmit={submitWith(unitSchema, save)}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={unit ? t('units.editTitle', { name: unit.name }) : t('units.new')}>
          <DirtyReporter id={`unit-${unit?.id ?? 'new'}`} onDirtyChange={onDirtyChange} />
          <Stack spacing={2}>
            <FormGrid>
              <TextInput name="name" label={t('units.fields.name')} />
              <TextInput name="externalName" label={t('units.fields.externalName')} />
              <SelectInput name="category" label={t('units.fields.category')} options={UNIT_CATEGORIES.map((c) => ({ value: c, label: t(`units.categories.${c}`) }))} />
              <TextInput name="singleBeds" type="number" label={t('units.fields.singleBeds')} />
              <TextInput name="doubleBeds" type="number" label={t('units.fields.doubleBeds')} />
              <TextInput name="tempBeds" type="number" label={t('units.fields.tempBeds')} />
              <TextInput name="occAdults" type="number" label={t('units.fields.occAdults')} />
              <TextInput name="occChildren" type="number" label={t('units.fields.occChildren')} />
              <TextInput name="occInfants" type="number" label={t('units.fields.occInfants')} />
            </FormGrid>
            <div>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {t('actions.saveUnit')}
              </Button>
            </div>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

export function UnitsTab({ units, readOnly, onSave, onDelete, onDirtyChange, renderUnitExtra }: UnitsTabProps) {
  const { t } = useTranslation('accommodation');
  return (
    <ItemListEditor
      title={t('tabs.units')}
      emptyText={t('units.empty')}
      newLabel={t('units.new')}
      items={units}
      readOnly={readOnly}
      itemName={(unit) => unit.name}
      columns={[
        { header: t('units.fields.name'), render: (u) => u.name },
        { header: t('units.fields.category'), render: (u) => t(`units.categories.${u.category}`) },
        { header: t('units.beds'), render: (u) => t('units.bedsSummary', { single: u.single_beds, double: u.double_beds, temp: u.temp_beds }) },
        { header: t('units.occupancy'), render: (u) => t('units.occupancySummary', { adults: u.occ_adults, children: u.occ_children, infants: u.occ_infants }) },
      ]}
      renderForm={(unit, done) => (
        <Stack spacing={4}>
          <UnitForm key={unit?.id ?? 'new'} unit={unit} onSave={onSave} onDone={done} onDirtyChange={onDirtyChange} />
          {unit && renderUnitExtra ? renderUnitExtra(unit) : null}
        </Stack>
      )}
      onDelete={onDelete}
    />
  );
}
