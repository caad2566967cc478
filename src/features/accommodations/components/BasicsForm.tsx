// The basics tab: names, owner, tax data, address, labels, connected staff and the hidden flag.
// Owner and staff pickers search the server as the user types (the lists can be long).
import { useMemo } from 'react';
import { Form, Formik } from 'formik';
import { useTranslation } from 'next-i18next/pages';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useField } from 'formik';
import { accommodationSchema, type AccommodationValues } from '@/domain/accommodations/accommodationSchemas';
import type { FormShape } from '../mappers';
import { submitWith, type SaveResult } from '@/components/form/submit';
import type { LabelRow } from '../types';
import { CheckboxInput, DirtyReporter, FormGrid, TextInput } from '@/components/form/fields';
import { SearchPicker, type SearchOptions } from '@/components/SearchPicker';

export interface BasicsFormProps {
  initialValues: FormShape<AccommodationValues>;
  labels: LabelRow[];
  /** Owners matching the typed text (server search). */
  searchOwners: SearchOptions;
  /** Property managers or cleaners matching the typed text (server search). */
  searchStaff: (kind: 'manager' | 'cleaner') => SearchOptions;
  /** Names of the owner and staff already chosen, by id. */
  knownNames: ReadonlyMap<string, string>;
  /** Deleting is an administrator's; others are told to hide the accommodation instead. */
  showDeleteHint?: boolean;
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

export function BasicsForm({ initialValues, labels, searchOwners, searchStaff, knownNames, showDeleteHint, readOnly, ownerAndTaxReadOnly, canConnectStaff, onSave, onDirtyChange }: BasicsFormProps) {
  const { t } = useTranslation('accommodation');
  // Stable search functions, so an open picker does not search again on every keystroke elsewhere.
  const searchManagers = useMemo(() => searchStaff('manager'), [searchStaff]);
  const searchCleaners = useMemo(() => searchStaff('cleaner'), [searchStaff]);
  return (
    <Formik initialValues={initialValues} validationSchema={accommodationSchema} enableReinitialize onSubmit={submitWith(accommodationSchema, onSave)}>
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('tabs.basics')}>
          <DirtyReporter id="basics" onDirtyChange={onDirtyChange} />
          <Stack spacing={2}>
            <FormGrid>
              <TextInput name="name" label={t('fields.name')} disabled={readOnly} />
              <TextInput name="externalName" label={t('fields.externalName')} disabled={readOnly} />
              <SearchPicker name="ownerId" label={t('fields.owner')} search={searchOwners} knownNames={knownNames} disabled={readOnly || ownerAndTaxReadOnly} />
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
                <SearchPicker multiple name="managerIds" label={t('fields.managers')} search={searchManagers} knownNames={knownNames} disabled={readOnly} />
                <SearchPicker multiple name="cleanerIds" label={t('fields.cleaners')} search={searchCleaners} knownNames={knownNames} disabled={readOnly} />
              </FormGrid>
            ) : null}
            <CheckboxInput name="isHidden" label={t('fields.isHidden')} disabled={readOnly} />
            {showDeleteHint ? (
              <Typography variant="body2" color="text.secondary">
                {t('editor.adminDeletes')}
              </Typography>
            ) : null}
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
