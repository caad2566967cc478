// The cleanings area: the week board and the cleaner's phone view.
export { CleaningsView } from './views/CleaningsView';
export { cleaningsUrl } from './urls';
export { BookingCleanings } from './components/BookingCleanings';
