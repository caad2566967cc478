// The unread count next to the inbox in the navigation (live).
import { useTranslation } from 'next-i18next/pages';
import Badge from '@mui/material/Badge';
import { useUnreadThreads } from '../hooks/useUnreadThreads';

export function UnreadThreadsBadge() {
  const { t } = useTranslation('inbox');
  const count = useUnreadThreads(true);
  // A status (not a bare span) may carry a label, and screen readers hear the count change.
  return <Badge role="status" color="error" badgeContent={count} max={99} aria-label={t('unreadCount', { count })} data-testid="inbox-unread" sx={{ mr: 1.5 }} />;
}
