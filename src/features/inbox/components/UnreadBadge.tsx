// The unread count next to the inbox in the navigation (live). Its label is in the common
// namespace: the navigation shows on every staff page, and most do not load the inbox's.
import { useTranslation } from 'next-i18next/pages';
import Badge from '@mui/material/Badge';
import { useUnreadThreads } from '../hooks/useUnreadThreads';

export function UnreadThreadsBadge() {
  const { t } = useTranslation('common');
  const count = useUnreadThreads(true);
  // A status (not a bare span) may carry a label, and screen readers hear the count change.
  return <Badge role="status" color="error" badgeContent={count} max={99} aria-label={t('nav.inboxUnread', { count })} data-testid="inbox-unread" sx={{ mr: 1.5 }} />;
}
