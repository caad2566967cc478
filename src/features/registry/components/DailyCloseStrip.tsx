// The daily close per day for one accommodation: each of the last days as closed, failed,
// waiting or not closed; days not closed stand out.
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { DayState } from '../dailyCloses';

const COLORS: Record<DayState['state'], string> = { closed: 'success.light', failed: 'error.main', pending: 'info.light', blocked: 'warning.main', missing: 'grey.300' };

export function DailyCloseStrip({ days }: { days: DayState[] }) {
  const { t } = useTranslation('ntak-iranytu');
  return (
    <Box component="ol" aria-label={t('dashboard.dailyClose', { count: days.length })} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }}>
      {days.map((d) => (
        <Tooltip key={d.day} title={d.reason ?? t(`dayState.${d.state}`)}>
          <Box
            component="li"
            data-testid="daily-close-day"
            data-day={d.day}
            data-state={d.state}
            sx={{ px: 1, py: 0.5, borderRadius: 1, bgcolor: COLORS[d.state], border: d.state === 'missing' || d.state === 'failed' ? 2 : 0, borderColor: 'error.dark', minWidth: 76, textAlign: 'center' }}
          >
            <Typography variant="caption" component="div">
              {d.day.slice(5)}
            </Typography>
            <Typography variant="caption" component="div" sx={{ fontWeight: d.state === 'missing' || d.state === 'failed' ? 700 : 400 }}>
              {t(`dayState.${d.state}`)}
            </Typography>
          </Box>
        </Tooltip>
      ))}
    </Box>
  );
}
