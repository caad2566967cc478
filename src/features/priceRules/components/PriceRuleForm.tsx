// The price-rule editor: name, priority, active, the conditions (field, comparison, value) and the
// result, either one change (simple) or a grid of changes over two dimensions (matrix). Every check
// is validateRuleForm's (SPEC 5), shown at its field in the user's language. Renders props only.
import { useState } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONDITION_FIELDS, CONDITION_OPS } from '@/domain/pricing';
import { parseList, resizeCells, validateRuleForm, type FormErrors, type PriceRuleFormValues } from '@/domain/priceRules';

export interface PriceRuleFormProps {
  initial: PriceRuleFormValues;
  readOnly: boolean;
  /** Saves; returns a field message to show (e.g. a taken name) or null. */
  onSave(values: PriceRuleFormValues): Promise<{ field: string; message: string } | null>;
  onDelete?: () => void;
}

export function PriceRuleForm({ initial, readOnly, onSave, onDelete }: PriceRuleFormProps) {
  const { t } = useTranslation('rate');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const update = (next: Partial<PriceRuleFormValues>) => {
    const merged = { ...values, ...next };
    // The grid follows the axes' step counts as they are typed.
    if (merged.type === 'matrix') merged.cells = resizeCells(merged.cells, parseList(merged.rowField, merged.rowValues).length, parseList(merged.columnField, merged.columnValues).length);
    setValues(merged);
    if (submitted) setErrors(validateRuleForm(merged));
  };
  const message = (path: string) => (errors[path] ? t(errors[path].replace(/^rate:/, '')) : undefined);
  const field = (path: string) => ({ error: Boolean(errors[path]), helperText: message(path) });

  const submit = async () => {
    setSubmitted(true);
    const found = validateRuleForm(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    const refused = await onSave(values);
    setSaving(false);
    if (refused) setErrors({ [refused.field]: refused.message });
  };

  const rowSteps = parseList(values.rowField, values.rowValues);
  const columnSteps = parseList(values.columnField, values.columnValues);
  const fieldOptions = CONDITION_FIELDS.map((f) => (
    <MenuItem key={f} value={f}>
      {t(`priceRules.fields.${f}`)}
    </MenuItem>
  ));

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('priceRules.form.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField label={t('priceRules.form.name')} value={values.name} onChange={(e) => update({ name: e.target.value })} size="small" {...field('name')} />
            <TextField select label={t('priceRules.form.type')} value={values.type} onChange={(e) => update({ type: e.target.value as PriceRuleFormValues['type'] })} size="small" sx={{ minWidth: 160 }}>
              <MenuItem value="simple">{t('priceRules.types.simple')}</MenuItem>
              <MenuItem value="matrix">{t('priceRules.types.matrix')}</MenuItem>
            </TextField>
            <TextField label={t('priceRules.form.priority')} value={values.priority} onChange={(e) => update({ priority: e.target.value })} size="small" sx={{ maxWidth: 140 }} slotProps={{ htmlInput: { inputMode: 'numeric' } }} {...field('priority')} />
          </Stack>
          <FormControlLabel control={<Checkbox checked={values.isActive} onChange={(e) => update({ isActive: e.target.checked })} />} label={t('priceRules.form.active')} />
          <Typography variant="subtitle2">{t('priceRules.form.conditions')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('priceRules.form.conditionsHelp')}
          </Typography>
          {values.conditions.map((c, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid={`condition-${i}`}>
              <TextField select label={t('priceRules.form.field')} value={c.field} size="small" sx={{ minWidth: 170 }} onChange={(e) => update({ conditions: values.conditions.map((x, j) => (j === i ? { ...x, field: e.target.value as typeof c.field } : x)) })} {...field(`conditions.${i}.field`)}>
                {fieldOptions}
              </TextField>
              <TextField select label={t('priceRules.form.op')} value={c.op} size="small" sx={{ minWidth: 170 }} onChange={(e) => update({ conditions: values.conditions.map((x, j) => (j === i ? { ...x, op: e.target.value as typeof c.op } : x)) })} {...field(`conditions.${i}.op`)}>
                {CONDITION_OPS.map((op) => (
                  <MenuItem key={op} value={op}>
                    {t(`priceRules.ops.${op}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField label={t('priceRules.form.value')} value={c.value} size="small" onChange={(e) => update({ conditions: values.conditions.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })} {...field(`conditions.${i}.value`)} />
              {!readOnly ? (
                <IconButton aria-label={t('priceRules.form.removeCondition')} onClick={() => update({ conditions: values.conditions.filter((_, j) => j !== i) })}>
                  ×
                </IconButton>
              ) : null}
            </Stack>
          ))}
          {message('conditions') ? <Typography color="error">{message('conditions')}</Typography> : null}
          {!readOnly ? (
            <Box>
              <Button size="small" onClick={() => update({ conditions: [...values.conditions, { field: 'weekday', op: 'in', value: '' }] })}>
                {t('priceRules.form.addCondition')}
              </Button>
            </Box>
          ) : null}
          <Typography variant="subtitle2">{t('priceRules.form.result')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField select label={t('priceRules.form.resultType')} value={values.resultType} size="small" sx={{ minWidth: 170 }} onChange={(e) => update({ resultType: e.target.value as PriceRuleFormValues['resultType'] })} {...field('resultType')}>
              <MenuItem value="PERCENT">{t('priceRules.form.percent')}</MenuItem>
              <MenuItem value="FIX">{t('priceRules.form.amount')}</MenuItem>
            </TextField>
            {values.type === 'simple' ? <TextField label={t('priceRules.form.change')} value={values.value} size="small" onChange={(e) => update({ value: e.target.value })} {...field('value')} /> : null}
          </Stack>
          {values.type === 'matrix' ? (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField select label={t('priceRules.form.rowField')} value={values.rowField} size="small" sx={{ minWidth: 170 }} onChange={(e) => update({ rowField: e.target.value as PriceRuleFormValues['rowField'] })} {...field('rowField')}>
                  {fieldOptions}
                </TextField>
                <TextField label={t('priceRules.form.rowValues')} value={values.rowValues} size="small" onChange={(e) => update({ rowValues: e.target.value })} {...field('rowValues')} />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField select label={t('priceRules.form.columnField')} value={values.columnField} size="small" sx={{ minWidth: 170 }} onChange={(e) => update({ columnField: e.target.value as PriceRuleFormValues['columnField'] })} {...field('columnField')}>
                  {fieldOptions}
                </TextField>
                <TextField label={t('priceRules.form.columnValues')} value={values.columnValues} size="small" onChange={(e) => update({ columnValues: e.target.value })} {...field('columnValues')} />
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t('priceRules.form.matrixHelp')}
              </Typography>
              {rowSteps.length && columnSteps.length ? (
                <Box sx={{ overflowX: 'auto' }}>
                  <table aria-label={t('priceRules.form.cells')}>
                    <thead>
                      <tr>
                        <th />
                        {columnSteps.map((c, j) => (
                          <th key={j} scope="col">
                            {String(c)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {rowSteps.map((r, i) => (
                        <tr key={i}>
                          <th scope="row">{String(r)}</th>
                          {columnSteps.map((c, j) => (
                            <td key={j}>
                              <TextField
                                size="small"
                                value={values.cells[i]?.[j] ?? ''}
                                sx={{ width: 90 }}
                                slotProps={{ htmlInput: { 'aria-label': t('priceRules.form.cell', { row: String(r), column: String(c) }) } }}
                                onChange={(e) => update({ cells: values.cells.map((row, ri) => (ri === i ? row.map((v, cj) => (cj === j ? e.target.value : v)) : row)) })}
                                error={Boolean(errors[`cells.${i}.${j}`])}
                                title={message(`cells.${i}.${j}`)}
                              />
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Box>
              ) : null}
              {Object.keys(errors).some((k) => k.startsWith('cells')) ? <Typography color="error">{message(Object.keys(errors).find((k) => k.startsWith('cells')) ?? '')}</Typography> : null}
            </>
          ) : null}
          {!readOnly ? (
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={saving}>
                {t('priceRules.form.save')}
              </Button>
              {onDelete ? (
                <Button color="error" onClick={onDelete}>
                  {t('priceRules.form.delete')}
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      </fieldset>
    </Box>
  );
}
