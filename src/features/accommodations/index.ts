// The accommodation area's public entry for other areas: its URL builders. Pages import the view
// they show from ./views directly, so the list page does not download the editor (the app's own
// modules count as having side effects, so a barrel would carry every view into every page).
export { accommodationListUrl, accommodationUrl, NEW_ACCOMMODATION_ID } from './urls';
