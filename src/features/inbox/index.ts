// The inbox area's public entry for other areas: URLs and the navigation's unread badge.
export { bookingThreadsUrl, inboxUrl, threadUrl } from './urls';
export { UnreadThreadsBadge } from './components/UnreadBadge';
