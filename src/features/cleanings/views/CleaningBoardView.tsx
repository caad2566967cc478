// /cleanings for office staff and managers: the week board, moved by week and paged by units in
// the URL; a cleaning opens in a dialog (remove with a reason, hand to a cleaner).
import { useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { addDays } from '@/domain/dates';
import { TaskPanel } from '@/features/tasks';
import { statusCounts } from '@/domain/cleanings';
import { CleaningBoard } from '../components/CleaningBoard';
import { CleaningDialog } from '../components/CleaningDialog';
import { CleaningStatusChip } from '../components/CleaningStatusChip';
import type { CleaningFragment } from '../graphql/fragments.generated';
import { useCleaningBoard } from '../hooks/useCleaningBoard';
import { budapestToday } from '../today';
import { BOARD_UNITS_PER_PAGE, boardStateOf, cleaningsUrl } from '../urls';

export function CleaningBoardView({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('cleanings');
  const router = useRouter();
  const today = budapestToday();
  const state = boardStateOf(router.query, today);
  const board = useCleaningBoard(state, canEdit);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = board.cleanings.find((c) => c.id === openId) ?? null;
  const go = (week: string, page = 0) => void router.push(cleaningsUrl({ week, page }, today), undefined, { shallow: true });
  const counts = statusCounts(board.cleanings);
  const pages = Math.max(1, Math.ceil(board.total / BOARD_UNITS_PER_PAGE));

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">{t('board.title')}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button onClick={() => go(addDays(state.week, -7))}>{t('board.previous')}</Button>
          <Button onClick={() => go(today)}>{t('board.thisWeek')}</Button>
          <Button onClick={() => go(addDays(state.week, 7))}>{t('board.next')}</Button>
        </Stack>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label={t('board.summary')}>
        <Typography variant="body2" sx={{ mr: 1 }}>{t('board.weekOf', { from: state.week, to: addDays(state.week, 6) })}</Typography>
        {(['NEW', 'ACKNOWLEDGED', 'OBSOLETE', 'REMOVED'] as const).map((s) => (
          <Stack key={s} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <CleaningStatusChip status={s} />
            <Typography variant="body2">{counts[s]}</Typography>
          </Stack>
        ))}
      </Stack>
      {board.error && <Alert severity="error">{t('loadFailed')}</Alert>}
      {board.loading ? (
        <Typography>{t('loading')}</Typography>
      ) : (
        <CleaningBoard days={board.days} units={board.units} rows={board.rows} cleanerNames={board.cleanerNames} today={today} onOpen={(c: CleaningFragment) => setOpenId(c.id)} />
      )}
      {pages > 1 && <Pagination count={pages} page={state.page + 1} onChange={(_, p) => go(state.week, p - 1)} />}
      <CleaningDialog cleaning={open} cleanerNames={board.cleanerNames} onClose={() => setOpenId(null)} onRemove={board.onRemove} onAssign={board.onAssign} unitPanel={open && <TaskPanel scope={{ unitId: open.unit_id }} />} />
    </Stack>
  );
}
