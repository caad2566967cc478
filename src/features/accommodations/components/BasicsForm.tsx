// The basics tab: names, owner, tax data, address, labels, connected staff and the hidden flag.
import { Form, Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useField } from 'formik';
import { accommodationSchema, type AccommodationValues } from '@/domain/accommodationSchemas';
import type { FormShape } from '../mappers';
import { submitWith, type SaveResult } from '../submit';
import type { LabelRow, OwnerOption, PersonOption } from '../types';
import { CheckboxInput, DirtyReporter, FormGrid, SelectInput, TextInput } from './FormFields';

export interface BasicsFormProps {
  initialValues: FormShape<AccommodationValues>;
  owners: OwnerOption[];
  labels: LabelRow[];
  staff: PersonOption[];
  readOnly?: boolean;
  /** Owner, tax id and VAT rate shown but not editable (a property manager's view). */
  ownerAndTaxReadOnly?: boolean;
  /** New accommodations cannot connect staff yet: staff hang on units. */
  canConnectStaff: boolean;
  onSave: (values: AccommodationValues) => Promise<SaveResult>;
  onDirtyChange?: (id: string, dirty: boolean) => void;
}

interface Option {
  id: string;
  label: string;
}

function MultiSelect({ name, label, options, disabled }: { name: string; label: string; options: Option[]; disabled?: boolean }) {
  const [field, , helpers] = useField<string[]>(name);
  const selected = options.filter((option) => field.value.includes(option.id));
  return (
    <Autocomplete
      multiple
      size="small"
      id={`field-${name}`}
      options={options}
      value={selected}
      disabled={disabled}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, value) => void helpers.setValue(value.map((option) => option.id))}
      renderValue={(value, getItemProps) => value.map((option, index) => <Chip size="small" label={option.label} {...getItemProps({ index })} key={option.id} />)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

export function BasicsForm({ initialValues, owners, labels, staff, readOnly, ownerAndTaxReadOnly, canConnectStaff, onSave, onDirtyChange }: BasicsFormProps) {
  const { t } = useTranslation('accommodation');
  const people = staff.map((p) => ({ id: p.id, label: p.displayName || p.email || p.id }));
  return (
    <Formik initialValues={initialValues} validationSchema={accommodationSchema} enableReinitialize onSubmit={submitWith(accommodationSchema, onSave)}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('tabs.basics')}>
          <DirtyReporter id="basics" onDirtyChange={onDirtyChange} />
          <Stack spacing={2}>
            <FormGrid>
              <TextInput name="name" label={t('fields.name')} disabled={readOnly} />
              <TextInput name="externalName" label={t('fields.externalName')} disabled={readOnly} />
              <SelectInput name="ownerId" label={t('fields.owner')} disabled={readOnly || ownerAndTaxReadOnly} options={[{ value: '', label: t('fields.noOwner') }, ...owners.map((o) => ({ value: o.id, label: o.name }))]} />
              <TextInput name="ownerName" label={t('fields.ownerName')} disabled={readOnly} />
              <TextInput name="taxId" label={t('fields.taxId')} disabled={readOnly || ownerAndTaxReadOnly} />
              <TextInput name="vatRate" type="number" label={t('fields.vatRate')} disabled={readOnly || ownerAndTaxReadOnly} />
              <TextInput name="city" label={t('fields.city')} disabled={readOnly} />
              <TextInput name="country" label={t('fields.country')} helperText={t('fields.countryHelp')} disabled={readOnly} />
              <TextInput name="zip" label={t('fields.zip')} disabled={readOnly} />
              <TextInput name="address" label={t('fields.address')} disabled={readOnly} />
            </FormGrid>
            <MultiSelect name="labelIds" label={t('fields.labels')} options={labels.map((l) => ({ id: l.id, label: l.name }))} disabled={readOnly} />
            {canConnectStaff ? (
              <FormGrid>
                <MultiSelect name="managerIds" label={t('fields.managers')} options={people} disabled={readOnly} />
                <MultiSelect name="cleanerIds" label={t('fields.cleaners')} options={people} disabled={readOnly} />
              </FormGrid>
            ) : null}
            <CheckboxInput name="isHidden" label={t('fields.isHidden')} disabled={readOnly} />
            {readOnly ? null : (
              <div>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {t('actions.save')}
                </Button>
              </div>
            )}
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
