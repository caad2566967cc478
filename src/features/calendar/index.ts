// The calendar area's public entry: the view pages mount, and the URLs other areas link to.
export { CalendarView } from './views/CalendarView';
export { calendarUrl } from './urls';
