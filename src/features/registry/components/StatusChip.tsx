// A submission's status as a coloured chip (sent, failed, blocked, waiting, not sent).
import Chip from '@mui/material/Chip';
import { useTranslation } from 'next-i18next/pages';

const COLOR = { success: 'success', error: 'error', blocked: 'warning', pending: 'info', skipped: 'default' } as const;

export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation('ntak-iranytu');
  const color = COLOR[status as keyof typeof COLOR] ?? 'default';
  return <Chip size="small" color={color} label={t(`status.${status}`, { defaultValue: status })} data-status={status} />;
}
