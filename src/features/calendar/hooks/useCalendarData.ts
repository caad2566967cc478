// The calendar's data: one live subscription for the visible window (staff and owners get dates,
// rates and stays; cleaners occupancy only). The answers skip Apollo's normalised cache: a window
// is hundreds of kB read by this screen alone, and normalising it was the longest task per window. The previous window's units stay on screen until the
// new window's first answer arrives, so scrolling across a window border never blanks the grid.
import { useMemo, useRef } from 'react';
import { useQuery, useSubscription } from '@apollo/client/react';
import type { units_bool_exp } from '@/lib/graphql/schema.generated';
import type { CalendarCapabilities } from '../capabilities';
import { isoRange, type DayRange } from '../axis';
import { CalendarAccommodationsDocument } from '../graphql/calendarAccommodations.generated';
import { CalendarLabelsDocument } from '../graphql/calendarLabels.generated';
import { CalendarOccupancyDocument } from '../graphql/calendarOccupancy.generated';
import { CalendarWindowDocument } from '../graphql/calendarWindow.generated';
import { unitsFromOccupancy, unitsFromWindow, type CalendarUnit } from '../model';

export interface UnitFilter {
  accommodationIds: readonly string[];
  labelIds: readonly string[];
  unitId?: string | null;
}

export function unitsWhere(filter: UnitFilter): units_bool_exp {
  const and: units_bool_exp[] = [];
  if (filter.unitId) and.push({ id: { _eq: filter.unitId } });
  if (filter.accommodationIds.length) and.push({ accommodation_id: { _in: [...filter.accommodationIds] } });
  if (filter.labelIds.length) and.push({ accommodation: { accommodation_labels: { label_id: { _in: [...filter.labelIds] } } } });
  return and.length ? { _and: and } : {};
}

/** Performance mark for the Chromium benchmark (npm run bench:calendar): the first window's data is in. */
function markDataArrived(): void {
  if (typeof performance !== 'undefined' && performance.getEntriesByName('calendar:data').length === 0) performance.mark('calendar:data');
}

export interface CalendarData {
  units: CalendarUnit[];
  /** The window `units` hold data for (may lag the asked one while it loads). */
  window: DayRange | null;
  loading: boolean;
  error: Error | undefined;
}

export function useCalendarData(window: DayRange, filter: UnitFilter, can: CalendarCapabilities, skip = false): CalendarData {
  const variables = { units: unitsWhere(filter), ...isoRange(window) };
  const full = useSubscription(CalendarWindowDocument, { variables, skip: skip || !can.readsPrices, onData: markDataArrived, fetchPolicy: 'no-cache' });
  const occupancy = useSubscription(CalendarOccupancyDocument, { variables, skip: skip || can.readsPrices, onData: markDataArrived, fetchPolicy: 'no-cache' });
  const last = useRef<{ units: CalendarUnit[]; window: DayRange } | null>(null);
  const fullData = full.data;
  const occData = occupancy.data;
  const fresh = useMemo(() => {
    if (fullData) return { units: unitsFromWindow(fullData.units, window), window };
    if (occData) return { units: unitsFromOccupancy(occData.units), window };
    return null;
    // window is a new object per render; its numbers are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullData, occData, window.from, window.to]);
  if (fresh) last.current = fresh;
  const shown = fresh ?? last.current;
  const active = can.readsPrices ? full : occupancy;
  return { units: shown?.units ?? [], window: shown?.window ?? null, loading: active.loading && !shown, error: active.error };
}

const NONE: readonly never[] = [];

export function useCalendarFilters(can: CalendarCapabilities) {
  const accommodations = useQuery(CalendarAccommodationsDocument);
  const labels = useQuery(CalendarLabelsDocument, { skip: !can.readsLabels });
  // The same empty list until the answers arrive, so the (memoised) toolbar is not re-rendered for nothing.
  return { accommodations: accommodations.data?.accommodations ?? NONE, labels: labels.data?.labels ?? NONE };
}
