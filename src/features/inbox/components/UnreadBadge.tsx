// The unread count next to the inbox in the navigation. The shell holds the live count
// (useUnreadThreads, one subscription for the phone's menu button and this badge: a second
// subscription of the same document joins the first and gets nothing until the count changes).
// Its label is in the common namespace: the navigation shows on every staff page, and most do not
// load the inbox's.
import { useTranslation } from 'next-i18next/pages';
import Badge from '@mui/material/Badge';

export function UnreadThreadsBadge({ count }: { count: number }) {
  const { t } = useTranslation('common');
  // A status (not a bare span) may carry a label, and screen readers hear the count change.
  return <Badge role="status" color="error" badgeContent={count} max={99} aria-label={t('nav.inboxUnread', { count })} data-testid="inbox-unread" sx={{ mr: 1.5 }} />;
}
