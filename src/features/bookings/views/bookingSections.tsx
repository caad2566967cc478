// THE list of the booking editor's sections (tabs). Other areas add their panel here with one
// import and one entry (JOURNEY: guests & check-in / invoice / orders, INBOX: messages, OPS: tasks &
// cleaning); the editor renders the tabs from this array, routes by `?section=<id>` and mounts a
// panel only while its tab is open, so a section's queries run only when it is shown.
//
// Panels other than details are loaded with next/dynamic, so /bookings/[id] downloads a tab's code
// only when the tab is opened (add yours the same way: `lazy(() => import('...').then((m) => m.X))`).
import type { ComponentType } from 'react';
import dynamic from 'next/dynamic';
import type { AppRole } from '@/features/shell';
import type { Namespace } from '@/lib/i18n/namespaces';
import { BookingDetailsPanel } from './BookingDetailsPanel';

/** A section panel whose code loads when its tab is first shown. */
function lazy(load: () => Promise<ComponentType<BookingSectionProps>>): ComponentType<BookingSectionProps> {
  return dynamic(load);
}

const BookingHistoryPanel = lazy(() => import('./BookingHistoryPanel').then((m) => m.BookingHistoryPanel));
const BookingJourneyPanel = lazy(() => import('@/features/journey/staff/BookingJourneyPanel').then((m) => m.BookingJourneyPanel));
const BookingMessagesPanel = lazy(() => import('@/features/inbox/views/BookingMessagesPanel').then((m) => m.BookingMessagesPanel));
const BookingTasksPanel = lazy(() => import('@/features/tasks/views/BookingTasksPanel').then((m) => m.BookingTasksPanel));

/** What every section panel receives. */
export interface BookingSectionProps {
  /** The booking's primary key (never `new`: sections other than details open on saved bookings). */
  bookingId: string;
  /** Reports unsaved edits so the editor can warn before leaving (formId is the panel's own). */
  onDirtyChange: (formId: string, dirty: boolean) => void;
}

export interface BookingSection {
  /** URL value (`/bookings/<id>?section=<id>`); letters, digits and dashes. */
  id: string;
  /** Tab label as `namespace:key` (the namespace must be in `namespaces` or a route namespace). */
  labelKey: string;
  Panel: ComponentType<BookingSectionProps>;
  /** Roles that see the tab (all staff roles that open /bookings when omitted). */
  roles?: readonly AppRole[];
  /** Extra translation namespaces the panel needs, loaded by the /bookings/[id] page. */
  namespaces?: readonly Namespace[];
}

export const BOOKING_SECTIONS: readonly BookingSection[] = [
  { id: 'details', labelKey: 'booking:sections.details', Panel: BookingDetailsPanel },
  { id: 'history', labelKey: 'booking:sections.history', Panel: BookingHistoryPanel },
  { id: 'guests', labelKey: 'journey:staff.title', Panel: BookingJourneyPanel },
  { id: 'messages', labelKey: 'inbox:booking.title', Panel: BookingMessagesPanel, namespaces: ['inbox'] },
  { id: 'tasks', labelKey: 'tasks:panel.section', Panel: BookingTasksPanel, namespaces: ['tasks', 'cleanings'] },
];

export const DEFAULT_SECTION = 'details';

export function sectionsFor(role: AppRole | null, sections: readonly BookingSection[] = BOOKING_SECTIONS): BookingSection[] {
  return sections.filter((section) => !section.roles || (role !== null && section.roles.includes(role)));
}

/** The namespaces the editor page loads for its sections. */
export function sectionNamespaces(sections: readonly BookingSection[] = BOOKING_SECTIONS): Namespace[] {
  return [...new Set(sections.flatMap((section) => section.namespaces ?? []))];
}
