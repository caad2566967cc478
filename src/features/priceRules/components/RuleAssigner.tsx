// The assigner: which rates a rule prices (checkboxes by accommodation and unit) and, before
// saving, the effect on a sample month (average nightly price before and after, nights changed).
// Renders props only; the view computes the preview with the pricing engine.
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@/domain/money';
import type { RatePreview } from '../preview';

export interface AssignerRate {
  id: string;
  name: string;
  unitName: string;
  accommodationName: string;
}

export interface RuleAssignerProps {
  rates: readonly AssignerRate[];
  selected: ReadonlySet<string>;
  changed: boolean;
  readOnly: boolean;
  month: string;
  preview: readonly RatePreview[];
  locale: string;
  onToggle(rateId: string, on: boolean): void;
  onMonth(month: string): void;
  onSave(): void;
}

export function RuleAssigner({ rates, selected, changed, readOnly, month, preview, locale, onToggle, onMonth, onSave }: RuleAssignerProps) {
  const { t } = useTranslation('rate');
  const groups = new Map<string, AssignerRate[]>();
  for (const r of rates) {
    const key = `${r.accommodationName} · ${r.unitName}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const nameOf = (id: string) => rates.find((r) => r.id === id);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('priceRules.assigner.help')}
      </Typography>
      <Box sx={{ maxHeight: 360, overflowY: 'auto', border: '1px solid #e0e0e0', borderRadius: 1, p: 1 }}>
        {[...groups.entries()].map(([group, list]) => (
          <Box key={group} sx={{ mb: 1 }}>
            <Typography variant="subtitle2">{group}</Typography>
            {list.map((r) => (
              <FormControlLabel key={r.id} sx={{ ml: 1, display: 'block' }} control={<Checkbox size="small" checked={selected.has(r.id)} disabled={readOnly} onChange={(e) => onToggle(r.id, e.target.checked)} />} label={r.name} />
            ))}
          </Box>
        ))}
      </Box>
      <TextField type="month" size="small" label={t('priceRules.assigner.month')} value={month} onChange={(e) => onMonth(e.target.value)} fullWidth={false} sx={{ maxWidth: 220 }} slotProps={{ inputLabel: { shrink: true } }} />
      {preview.length ? (
        <Box sx={{ overflowX: 'auto' }}>
          <table aria-label={t('priceRules.assigner.preview')} style={{ borderCollapse: 'collapse', minWidth: 480 }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'left' }}>{t('priceRules.assigner.rate')}</th>
                <th style={{ textAlign: 'right' }}>{t('priceRules.assigner.before')}</th>
                <th style={{ textAlign: 'right' }}>{t('priceRules.assigner.after')}</th>
                <th style={{ textAlign: 'right' }}>{t('priceRules.assigner.changedNights')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.map((p) => {
                const r = nameOf(p.rateId);
                return (
                  <tr key={p.rateId} data-testid={`preview-${p.rateId}`}>
                    <td>
                      {r?.accommodationName} · {r?.unitName} · {r?.name}
                    </td>
                    <td style={{ textAlign: 'right' }}>{formatMoney(p.averageBefore, p.currency, locale)}</td>
                    <td style={{ textAlign: 'right' }}>{formatMoney(p.averageAfter, p.currency, locale)}</td>
                    <td style={{ textAlign: 'right' }}>{p.changed}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Box>
      ) : (
        <Typography variant="body2">{t('priceRules.assigner.noPreview')}</Typography>
      )}
      {!readOnly ? (
        <Box>
          <Button variant="contained" onClick={onSave} disabled={!changed}>
            {t('priceRules.assigner.save')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
