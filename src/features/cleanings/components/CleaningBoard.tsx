// The manager's week board: one row per unit, one column per day, the day's cleanings as chips
// (obsolete ones struck through); a chip opens the cleaning.
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { BoardRow } from '@/domain/cleanings';
import type { CleaningFragment } from '../graphql/fragments.generated';
import { CleaningStatusChip } from './CleaningStatusChip';

export interface CleaningBoardProps {
  days: string[];
  units: { id: string; name: string; accommodation: { name: string } }[];
  rows: BoardRow<CleaningFragment>[];
  cleanerNames: Record<string, string>;
  today: string;
  onOpen: (cleaning: CleaningFragment) => void;
}

export function CleaningBoard({ days, units, rows, cleanerNames, today, onOpen }: CleaningBoardProps) {
  const { t, i18n } = useTranslation('cleanings');
  const dayLabel = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const unitOf = new Map(units.map((u) => [u.id, u]));
  if (!units.length) return <Typography>{t('board.noUnits')}</Typography>;
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" aria-label={t('board.title')} sx={{ tableLayout: 'fixed', minWidth: 900 }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 180 }}>{t('board.unit')}</TableCell>
            {days.map((d) => (
              <TableCell key={d} sx={{ fontWeight: d === today ? 700 : undefined, bgcolor: d === today ? 'action.selected' : undefined }}>
                {dayLabel.format(new Date(`${d}T00:00:00Z`))}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const unit = unitOf.get(row.unitId);
            return (
              <TableRow key={row.unitId} data-unit={unit?.name}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>{unit?.name}</Typography>
                  <Typography variant="caption" color="text.secondary">{unit?.accommodation.name}</Typography>
                </TableCell>
                {row.cells.map((cell, i) => (
                  <TableCell key={days[i]} sx={{ verticalAlign: 'top', bgcolor: days[i] === today ? 'action.hover' : undefined }}>
                    {cell.map((c) => (
                      <ButtonBase
                        key={c.id}
                        onClick={() => onOpen(c)}
                        aria-label={t('board.open', { unit: unit?.name ?? '', status: t(`status.${c.status}`) })}
                        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', mb: 0.5, p: 0.5, borderRadius: 1, width: '100%', textDecoration: c.status === 'OBSOLETE' ? 'line-through' : undefined }}
                      >
                        <CleaningStatusChip status={c.status} />
                        <Box component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
                          {c.cleaner_user_id ? (cleanerNames[c.cleaner_user_id] ?? t('board.someone')) : t('board.unassigned')}
                        </Box>
                        {c.next_guests != null && <Box component="span" sx={{ fontSize: 12 }}>{t('board.nextGuests', { count: c.next_guests })}</Box>}
                      </ButtonBase>
                    ))}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
