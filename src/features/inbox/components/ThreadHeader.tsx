// The head of a conversation: guest and subject, the linked booking and accommodation, priority,
// flags and who it is assigned to.
import NextLink from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRIORITIES } from '../listQuery';
import type { BookingRow, ThreadChanges, ThreadRow } from '../types';
import { formatDay } from './format';

export interface ThreadHeaderProps {
  thread: ThreadRow;
  bookings: readonly BookingRow[];
  assignees: readonly { id: string; displayName: string }[];
  onChange: (changes: ThreadChanges) => void;
}

export function ThreadHeader({ thread, bookings, assignees, onChange }: ThreadHeaderProps) {
  const { t, i18n } = useTranslation('inbox');
  const assigneeKnown = !thread.assigned_user_id || assignees.some((a) => a.id === thread.assigned_user_id);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {thread.guest_name || thread.guest_email || t('unknownGuest')}
      </Typography>
      <Typography color="text.secondary">{thread.subject || t('noSubject')}</Typography>
      <Typography variant="body2">{thread.guest_email ? `${t('thread.email')}: ${thread.guest_email}` : t('thread.noEmail')}</Typography>
      {bookings.map((b) => (
        <Typography variant="body2" key={b.id} data-testid="thread-booking">
          {t('thread.booking')}: {b.customer_name} · {t('thread.stay', { checkin: formatDay(b.checkin, i18n.language), checkout: formatDay(b.checkout, i18n.language) })} · {b.booked_units.map((u) => u.unit.name).join(', ')} ·{' '}
          <Link component={NextLink} href={`/bookings/${b.id}`}>
            {t('thread.openBooking')}
          </Link>
        </Typography>
      ))}
      {thread.thread_2_accommodations.length ? (
        <Typography variant="body2">
          {t('thread.accommodation')}: {thread.thread_2_accommodations.map((a) => a.accommodation.name).join(', ')}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <TextField select size="small" label={t('filters.priority')} value={String(thread.priority)} onChange={(e) => onChange({ priority: Number(e.target.value) })} sx={{ minWidth: 120 }}>
          {PRIORITIES.map((p) => (
            <MenuItem key={p} value={String(p)}>
              {t(`priority.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t('flags.assignTo')} value={assigneeKnown ? (thread.assigned_user_id ?? '') : ''} onChange={(e) => onChange({ assigned_user_id: e.target.value || null })} sx={{ minWidth: 160 }}>
          <MenuItem value="">{t('flags.nobody')}</MenuItem>
          {assignees.map((u) => (
            <MenuItem key={u.id} value={u.id}>
              {u.displayName}
            </MenuItem>
          ))}
        </TextField>
        <Button size="small" onClick={() => onChange({ is_starred: !thread.is_starred })}>
          {thread.is_starred ? t('flags.unstar') : t('flags.star')}
        </Button>
        <Button size="small" onClick={() => onChange({ is_read: !thread.is_read })}>
          {thread.is_read ? t('flags.markUnread') : t('flags.markRead')}
        </Button>
        <Button size="small" onClick={() => onChange({ needs_reply: !thread.needs_reply })} aria-pressed={thread.needs_reply}>
          {t('flags.needsReply')}
        </Button>
        <Button size="small" onClick={() => onChange({ is_archived: !thread.is_archived })}>
          {thread.is_archived ? t('flags.unarchive') : t('flags.archive')}
        </Button>
      </Stack>
    </Stack>
  );
}
