// The navigation, as data: each product area says where it lives, who may open it and whether it
// is built. The shell shows a role the built areas it may open; an area appears by adding (or
// switching on) its entry here, no layout code changes.
import type { AppRole } from './roles';
import { APP_ROLES } from './roles';

export type NavIcon = 'home' | 'accommodations' | 'account' | 'bookings' | 'inbox' | 'snippets' | 'registry' | 'tasks' | 'cleanings' | 'calendar' | 'priceRules';

export interface NavArea {
  id: string;
  href: string;
  /** Key in the common namespace, under nav. */
  labelKey: string;
  icon: NavIcon;
  roles: readonly AppRole[];
  /** Areas not built yet stay out of the navigation. */
  available: boolean;
  /** A live count shown beside the entry (the inbox's unread conversations). */
  badge?: 'unreadThreads';
}

const ALL: readonly AppRole[] = APP_ROLES;

/** Who works with accommodations: the staff who run them, and owners (their own, filtered by the database). */
const ACCOMMODATION_USERS: readonly AppRole[] = ['admin', 'communicator', 'member', 'manager', 'owner'];

/** Who works with bookings: the office staff and managers (the database filters managers' rows). */
const BOOKING_USERS: readonly AppRole[] = ['admin', 'communicator', 'member', 'manager'];

/** Who answers guests: the office and property managers (the database limits managers to their threads); snippets are theirs too (managers read them). */
const INBOX_USERS: readonly AppRole[] = ['admin', 'communicator', 'member', 'manager'];

/** NTAK and VIZA reporting: the office staff, and managers for their own accommodations (the database filters). */
const REGISTRY_USERS: readonly AppRole[] = ['admin', 'communicator', 'member', 'manager'];

/** Who works the task list: office staff and managers (the database limits managers to theirs). */
const TASK_USERS: readonly AppRole[] = ['admin', 'communicator', 'member', 'manager'];

/** Cleanings: the board for office staff and managers, the phone list for cleaners. */
const CLEANING_USERS: readonly AppRole[] = ['admin', 'communicator', 'member', 'manager', 'cleaner'];

/** The calendar: staff and managers edit or look, owners see their own units, cleaners occupancy only (the database decides the rows). */
const CALENDAR_USERS: readonly AppRole[] = ['admin', 'communicator', 'member', 'manager', 'owner', 'cleaner'];

/** Price rules: the office edits them; managers and communicators read them (and the rates they price). */
const PRICE_RULE_USERS: readonly AppRole[] = ['admin', 'communicator', 'member', 'manager'];

export const NAV_AREAS: readonly NavArea[] = [
  // In the order of a host's day: the calendar and bookings first, then the conversation and the
  // team's work, then the catalogue and its settings, the registries, and the account last.
  { id: 'home', href: '/', labelKey: 'nav.home', icon: 'home', roles: ALL, available: true },
  { id: 'calendar', href: '/calendar', labelKey: 'nav.calendar', icon: 'calendar', roles: CALENDAR_USERS, available: true },
  { id: 'bookings', href: '/bookings', labelKey: 'nav.bookings', icon: 'bookings', roles: BOOKING_USERS, available: true },
  { id: 'inbox', href: '/inbox', labelKey: 'nav.inbox', icon: 'inbox', roles: INBOX_USERS, available: true, badge: 'unreadThreads' },
  { id: 'tasks', href: '/tasks', labelKey: 'nav.tasks', icon: 'tasks', roles: TASK_USERS, available: true },
  { id: 'cleanings', href: '/cleanings', labelKey: 'nav.cleanings', icon: 'cleanings', roles: CLEANING_USERS, available: true },
  { id: 'accommodations', href: '/accommodations', labelKey: 'nav.accommodations', icon: 'accommodations', roles: ACCOMMODATION_USERS, available: true },
  { id: 'priceRules', href: '/price-rules', labelKey: 'nav.priceRules', icon: 'priceRules', roles: PRICE_RULE_USERS, available: true },
  { id: 'snippets', href: '/snippets', labelKey: 'nav.snippets', icon: 'snippets', roles: INBOX_USERS, available: true },
  { id: 'ntak', href: '/ntak', labelKey: 'nav.ntak', icon: 'registry', roles: REGISTRY_USERS, available: true },
  { id: 'viza', href: '/viza', labelKey: 'nav.viza', icon: 'registry', roles: REGISTRY_USERS, available: true },
  { id: 'account', href: '/account', labelKey: 'nav.account', icon: 'account', roles: ALL, available: true },
];

/** The areas a signed-in user sees; a user without a product role only gets home and their account. */
export function navigationFor(role: AppRole | null, areas: readonly NavArea[] = NAV_AREAS): NavArea[] {
  return areas.filter((area) => area.available && (role ? area.roles.includes(role) : area.id === 'home' || area.id === 'account'));
}

/** The area a path belongs to (longest matching prefix), for highlighting the current entry. */
export function areaOfPath(pathname: string, areas: readonly NavArea[] = NAV_AREAS): NavArea | undefined {
  return areas
    .filter((area) => (area.href === '/' ? pathname === '/' : pathname === area.href || pathname.startsWith(`${area.href}/`)))
    .sort((a, b) => b.href.length - a.href.length)[0];
}

/** Whether a role may open an area's pages (used by the route guard). */
export function canOpen(areaId: string, role: AppRole | null, areas: readonly NavArea[] = NAV_AREAS): boolean {
  const area = areas.find((a) => a.id === areaId);
  if (!area) return false;
  return navigationFor(role, [area]).length === 1;
}
