// The calendar's data: one live subscription for the visible window (staff and owners get dates,
// rates and stays; cleaners occupancy only), and for staff and owners one more per unit filter for
// the price rules those rates name (each rule once, not once per rate and window). The answers skip Apollo's normalised cache: a window
// is hundreds of kB read by this screen alone, and normalising it was the longest task per window.
// On the grid a staff window is virtualised by rows too: the filter's units and their rates come
// once per filter (the window query over no night: the rows' skeleton), and each window asks for
// the nights and stays of the units on screen only (a span of them, UNIT_CHUNK at a time).
// The previous window's units stay on screen until the new window's first answer is drawn, so
// scrolling across a window border never blanks the grid.
import { useDeferredValue, useMemo, useRef } from 'react';
import { useQuery, useSubscription } from '@apollo/client/react';
import type { PriceRuleRow } from '@/domain/pricing/rows';
import type { units_bool_exp } from '@/lib/graphql/schema.generated';
import type { CalendarCapabilities } from '../capabilities';
import { isoRange, type DayRange, type UnitSpan } from '../axis';
import { CalendarAccommodationsDocument } from '../graphql/calendarAccommodations.generated';
import { CalendarLabelsDocument } from '../graphql/calendarLabels.generated';
import { CalendarOccupancyDocument, type CalendarOccupancySubscription } from '../graphql/calendarOccupancy.generated';
import { CalendarPriceRulesDocument } from '../graphql/calendarPriceRules.generated';
import { CalendarWindowDocument, type CalendarWindowSubscription } from '../graphql/calendarWindow.generated';
import { rulesById, unitsFromOccupancy, unitsFromWindow, type CalendarUnit } from '../model';

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

type WindowRows = NonNullable<CalendarWindowSubscription['units']>;
type OccupancyRows = NonNullable<CalendarOccupancySubscription['units']>;
/** One answer of the live window and the window it answers. */
interface Answer {
  full?: WindowRows;
  rules?: ReadonlyMap<string, PriceRuleRow>;
  occupancy?: OccupancyRows;
  window: DayRange;
}

const NONE_UNITS: CalendarUnit[] = [];

export interface CalendarData {
  /** Every unit of the filter, in the rows' order (with rates; nights and stays only where loaded). */
  units: CalendarUnit[];
  /** The units of the window's answer, with their nights and stays (all of `units` unless a span was asked). */
  loaded: CalendarUnit[];
  /** The window `loaded` holds data for (may lag the asked one while it loads). */
  window: DayRange | null;
  loading: boolean;
  error: Error | undefined;
}

const withUnit = (ids: string[], id: string | null) => (id && !ids.includes(id) ? [...ids, id] : ids);

/** A window of no night: the units and their rates alone (the rows' skeleton). */
const NO_NIGHTS = { from: '2000-01-01', to: '2000-01-01' };
const NO_NIGHTS_WINDOW: DayRange = { from: 0, to: 0 };
const NO_RULES: ReadonlyMap<string, PriceRuleRow> = new Map();

/**
 * @param span the units (by index in the rows' order) whose nights to load; null loads every unit's
 *   (the phone's agenda, and cleaners, whose occupancy answers are small).
 * @param keepUnitId a unit whose nights load with the span's wherever its row is: the selected
 *   range's, whose bar needs its stays while the row is scrolled away.
 */
export function useCalendarData(window: DayRange, filter: UnitFilter, can: CalendarCapabilities, span: UnitSpan | null = null, keepUnitId: string | null = null, skip = false): CalendarData {
  const units = unitsWhere(filter);
  const bySpan = span !== null && can.readsPrices;
  const skeleton = useSubscription(CalendarWindowDocument, { variables: { units, ...NO_NIGHTS }, skip: skip || !bySpan, fetchPolicy: 'no-cache' });
  const skeletonRows = skeleton.data?.units;
  const allUnits = useMemo(() => (skeletonRows ? unitsFromWindow(skeletonRows, NO_NIGHTS_WINDOW, NO_RULES) : null), [skeletonRows]);
  // The span's unit ids, once the skeleton is in (the same ids keep the same subscription).
  const spanIds = bySpan && allUnits ? withUnit(allUnits.slice(span.from, span.to).map((u) => u.id), keepUnitId) : null;
  const windowUnits: units_bool_exp = spanIds ? { _and: [...(units._and ?? []), { id: { _in: spanIds } }] } : units;
  const variables = { units: windowUnits, ...isoRange(window) };
  const full = useSubscription(CalendarWindowDocument, { variables, skip: skip || !can.readsPrices || (bySpan && !spanIds), onData: markDataArrived, fetchPolicy: 'no-cache' });
  // Not per window: scrolling keeps this one subscription; a filter change starts another.
  const rules = useSubscription(CalendarPriceRulesDocument, { variables: { units }, skip: skip || !can.readsPrices, fetchPolicy: 'no-cache' });
  const ruleRows = rules.data?.price_rules;
  const ruleMap = useMemo(() => (ruleRows ? rulesById(ruleRows) : null), [ruleRows]);
  const occupancy = useSubscription(CalendarOccupancyDocument, { variables, skip: skip || can.readsPrices, onData: markDataArrived, fetchPolicy: 'no-cache' });
  // The answer paired with the window it is for: on a new window the hook's data is undefined in
  // the same render, so an answer is never taken for another window's.
  const fullData = full.data;
  const occData = occupancy.data;
  const arrived = useMemo((): Answer | null => {
    // A priced window waits for the rules (once, at the start): drawn without them it would be wrong.
    if (fullData && ruleMap) return { full: fullData.units, rules: ruleMap, window };
    if (occData) return { occupancy: occData.units, window };
    return null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the window an answer came for is the one asked when it arrived.
  }, [fullData, occData, ruleMap]);
  const last = useRef<Answer | null>(null);
  if (arrived) last.current = arrived;
  const latest = arrived ?? last.current;
  // A new answer (a window crossed while scrolling, anyone's change) is drawn in a deferred render
  // that React splits into short slices and puts behind the scroll's own renders, instead of in the
  // task that received it (an answer arrives in a store update React must render at once). The
  // previous window's units stay on screen meanwhile; the first answer is drawn at once.
  const deferred = useDeferredValue(latest);
  const shown = deferred ?? latest;
  const model = useMemo(() => (shown ? { units: shown.full ? unitsFromWindow(shown.full, shown.window, shown.rules ?? new Map()) : unitsFromOccupancy(shown.occupancy ?? []), window: shown.window } : null), [shown]);
  const active = can.readsPrices ? full : occupancy;
  const error = active.error ?? (can.readsPrices ? (rules.error ?? skeleton.error) : undefined);
  const loaded = model?.units ?? NONE_UNITS;
  return { units: bySpan ? (allUnits ?? NONE_UNITS) : loaded, loaded, window: model?.window ?? null, loading: (active.loading || (can.readsPrices && rules.loading) || (bySpan && !allUnits)) && !model, error };
}

const NONE: readonly never[] = [];

export function useCalendarFilters(can: CalendarCapabilities) {
  const accommodations = useQuery(CalendarAccommodationsDocument);
  const labels = useQuery(CalendarLabelsDocument, { skip: !can.readsLabels });
  // The same empty list until the answers arrive, so the (memoised) toolbar is not re-rendered for nothing.
  return { accommodations: accommodations.data?.accommodations ?? NONE, labels: labels.data?.labels ?? NONE };
}
