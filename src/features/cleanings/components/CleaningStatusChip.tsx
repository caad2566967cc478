// A cleaning's status as a coloured chip (NEW is shown as "Normal", as the spec names it).
import Chip from '@mui/material/Chip';
import { useTranslation } from 'next-i18next/pages';
import type { CleaningStatus } from '@/domain/cleanings';

const COLOR = { NEW: 'primary', ACKNOWLEDGED: 'success', OBSOLETE: 'default', REMOVED: 'warning' } as const;

export function CleaningStatusChip({ status, size = 'small' }: { status: string; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('cleanings');
  const s = (status in COLOR ? status : 'NEW') as CleaningStatus;
  return <Chip size={size} color={COLOR[s]} variant={s === 'OBSOLETE' ? 'outlined' : 'filled'} label={t(`status.${s}`)} data-status={s} />;
}
