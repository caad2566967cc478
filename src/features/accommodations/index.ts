// The accommodation area's public entry: its two views and URL builders.
export { AccommodationListView } from './views/AccommodationListView';
export { AccommodationEditorView } from './views/AccommodationEditorView';
export { accommodationListUrl, accommodationUrl, NEW_ACCOMMODATION_ID } from './urls';
