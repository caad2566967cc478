// The guest pages' layout (journey, travel, find-booking): no providers (no MUI, session or data
// client), and the page hydrated in slices. The boundary sits above every component that reads
// translations: the app frame switches i18next to the page's language in a layout effect right
// after the first commit, which re-renders those components, and an update reaching a boundary
// that is not hydrated yet would make React hydrate all of it at once.
import { SlicedHydration } from '../SlicedHydration';
import type { GetLayout } from './types';

export const guestLayout: GetLayout = (page) => <SlicedHydration>{page}</SlicedHydration>;
