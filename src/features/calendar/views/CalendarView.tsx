// /calendar: the multi-unit availability and rate calendar. Loads the visible window live (one
// subscription per window), prices every rate's nights with the one pricing engine, and runs the
// bulk edits on a selected range. A grid on wide screens, one unit as a list of nights on phones.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { isoFromDay, type DayNumber } from '@/domain/pricing';
import { useSessionUser } from '@/features/shell';
import { useStoredState } from '@/lib/hooks/useStoredState';
import { dayOf, rangeAround, todayDay, UNIT_CHUNK, unitSpanFor, windowFor, type DayRange, type UnitSpan } from '../axis';
import { MAX_EDIT_NIGHTS } from '../bulkEdit';
import { calendarCapabilitiesFor } from '../capabilities';
import { CalendarAgenda } from '../components/CalendarAgenda';
import { CalendarGrid, type CalendarGridHandle, type PriceIndex, type WindowView } from '../components/CalendarGrid';
import { CalendarToolbar } from '../components/CalendarToolbar';
import { SelectionBar, type SelectionSummary } from '../components/SelectionBar';
import { useCalendarData, useCalendarFilters } from '../hooks/useCalendarData';
import { useCalendarEdits } from '../hooks/useCalendarEdits';
import { buildRows, hasStayIn, lazyPriceIndex, mainRate, stableRows, type CalendarRow, type CalendarUnit } from '../model';
import { selectedStay, type Selection } from '../selection';
import { DEFAULT_SETTINGS, parseFlag, parseIdList, STORAGE_KEYS, type CalendarSettings } from '../settings';
import { bookingUrl, calendarUrl, newBookingUrl } from '../urls';

const AGENDA_DAYS = 14;

function markOnce(name: string) {
  if (typeof performance !== 'undefined' && performance.getEntriesByName(name).length === 0) performance.mark(name);
}

export function CalendarView() {
  const { t, i18n } = useTranslation('calendar');
  const router = useRouter();
  const { user } = useSessionUser();
  const can = calendarCapabilitiesFor(user?.role ?? null);
  const isPhone = useMediaQuery('(max-width:600px)', { noSsr: true });
  const locale = i18n.language || 'en';

  // Settings: two for this visit, three restored from browser storage.
  const [hideRates, setHideRates] = useState(DEFAULT_SETTINGS.hideRates);
  const [hideChildRates, setHideChildRates] = useState(DEFAULT_SETTINGS.hideChildRates);
  const [smoothScrolling, setSmoothScrolling] = useStoredState(STORAGE_KEYS.smoothScrolling, parseFlag);
  const [accommodationIds, setAccommodationIds] = useStoredState(STORAGE_KEYS.accommodationIds, parseIdList);
  const [filterIds, setFilterIds] = useStoredState(STORAGE_KEYS.filterIds, parseIdList);
  // Stable while nothing changes, so a new data window does not re-render the toolbar (MUI).
  const settings: CalendarSettings = useMemo(() => ({ hideRates, hideChildRates, smoothScrolling, accommodationIds, filterIds }), [hideRates, hideChildRates, smoothScrolling, accommodationIds, filterIds]);
  const onSettings = useCallback(
    (next: Partial<CalendarSettings>) => {
      if (next.hideRates !== undefined) setHideRates(next.hideRates);
      if (next.hideChildRates !== undefined) setHideChildRates(next.hideChildRates);
      if (next.smoothScrolling !== undefined) setSmoothScrolling(next.smoothScrolling);
      if (next.accommodationIds !== undefined) setAccommodationIds(next.accommodationIds);
      if (next.filterIds !== undefined) setFilterIds(next.filterIds);
    },
    [setSmoothScrolling, setAccommodationIds, setFilterIds],
  );

  const today = useMemo(() => todayDay(), []);
  const focus = dayOf(router.query.date) ?? today;
  const range = useMemo(() => rangeAround(focus), [focus]);
  // Only the data window is view state: scrolling re-renders the grid (its virtualisers), and this
  // view (toolbar, selection bar) only when the window changes.
  const [gridWindow, setGridWindow] = useState<DayRange>(() => windowFor(range, Math.max(0, focus - range.from - 3), Math.max(0, focus - range.from + 20)));
  // A stay's bar links to its booking in the page's language (as Next's <Link> writes it).
  const { locale: routeLocale, defaultLocale } = router;
  const stayHref = useCallback((bookingId: string) => (routeLocale && routeLocale !== defaultLocale ? `/${routeLocale}${bookingUrl(bookingId)}` : bookingUrl(bookingId)), [routeLocale, defaultLocale]);
  const onOpenStay = useCallback((bookingId: string) => void router.push(bookingUrl(bookingId)), [router]);
  const onVisibleColumns = useCallback(
    (first: number, last: number) =>
      setGridWindow((w) => {
        const next = windowFor(range, first, last);
        return next.from === w.from && next.to === w.to ? w : next;
      }),
    [range],
  );
  // The units whose nights the grid's window loads: those of the rows on screen (the grid says
  // which rows), a chunk at a time; until it does, the first chunks.
  const [unitSpan, setUnitSpan] = useState<UnitSpan>(() => unitSpanFor(0, 2 * UNIT_CHUNK - 1));
  const [agendaFrom, setAgendaFrom] = useState<DayNumber>(focus);
  const agendaWindow: DayRange = { from: agendaFrom, to: agendaFrom + AGENDA_DAYS };
  const dataWindow = isPhone ? agendaWindow : gridWindow;

  const [selection, setSelection] = useState<Selection | null>(null);
  const data = useCalendarData(dataWindow, { accommodationIds, labelIds: filterIds }, can, isPhone ? null : unitSpan, selection?.unitId ?? null);
  const filters = useCalendarFilters(can);
  const edits = useCalendarEdits();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [agendaUnitId, setAgendaUnitId] = useState<string | null>(null);
  const grid = useRef<CalendarGridHandle>(null);

  // The units drawn with their nights and stays: the window's answer.
  const units = useMemo(() => new Map(data.loaded.map((u) => [u.id, u])), [data.loaded]);
  const lastRows = useRef<readonly CalendarRow[]>([]);
  const rows = useMemo(() => stableRows(lastRows.current, buildRows(data.units, { hideRates, hideChildRates, collapsed })), [data.units, hideRates, hideChildRates, collapsed]);
  lastRows.current = rows;
  const prices: PriceIndex = useMemo(() => lazyPriceIndex(data.loaded, data.window, today), [data.loaded, data.window, today]);
  const view: WindowView = useMemo(() => ({ units, prices }), [units, prices]);
  const unitIndex = useMemo(() => new Map(data.units.map((u, i) => [u.id, i])), [data.units]);
  const onVisibleRows = useCallback(
    (first: number, last: number) => {
      let lo = Infinity;
      let hi = -1;
      for (let i = first; i <= last; i += 1) {
        const row = rows[i];
        const at = row && row.kind !== 'accommodation' ? unitIndex.get(row.unitId) : undefined;
        if (at === undefined) continue;
        lo = Math.min(lo, at);
        hi = Math.max(hi, at);
      }
      if (hi < 0) return;
      const next = unitSpanFor(lo, hi);
      setUnitSpan((s) => (s.from === next.from && s.to === next.to ? s : next));
    },
    [rows, unitIndex],
  );

  // Performance mark for the Chromium benchmark: the first screen with data is drawn (the next
  // frame after React committed it); 'calendar:data' is set when the data arrives.
  useEffect(() => {
    if (!data.window || data.loaded.length === 0) return;
    requestAnimationFrame(() => markOnce('calendar:first-screen'));
  }, [data.window, data.loaded]);

  // Keep the focused date in view when the range or the URL date changes.
  useEffect(() => {
    grid.current?.scrollToDay(Math.max(range.from, focus - 3), false);
    // Scroll once per focus; smooth scrolling applies to jumps made by hand.
  }, [focus, range.from]);

  const jump = useCallback(
    (iso: string) => {
      const day = dayOf(iso);
      if (day === null) return;
      setAgendaFrom(day);
      if (day >= range.from + 31 && day < range.to - 31) grid.current?.scrollToDay(day - 3, smoothScrolling);
      else void router.push(calendarUrl(iso), undefined, { shallow: true });
    },
    [range, smoothScrolling, router],
  );
  const onToday = useCallback(() => jump(isoFromDay(today)), [jump, today]);
  const onToggleGroup = useCallback(
    (id: string) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  const selectedUnit = selection ? units.get(selection.unitId) : undefined;
  const stay = selection ? selectedStay(selection, range.from) : null;
  const summary: SelectionSummary | null =
    selection && selectedUnit && stay
      ? {
          unitId: selectedUnit.id,
          unitName: selectedUnit.name,
          arrival: isoFromDay(stay.arrival),
          departure: isoFromDay(stay.departure),
          nights: stay.departure - stay.arrival,
          free: !hasStayIn(selectedUnit, stay.arrival, stay.departure),
          rates: selectedUnit.pricing?.rates ?? [],
          rateId: selection.rateId ?? mainRate(selectedUnit)?.id ?? null,
          rateRow: selection.rateId !== null,
          newBookingHref: can.createsBookings ? newBookingUrl(selectedUnit.id, isoFromDay(stay.arrival), isoFromDay(stay.departure)) : null,
        }
      : null;

  const agendaUnit: CalendarUnit | undefined = units.get(agendaUnitId ?? '') ?? data.loaded[0];
  const onAgendaTap = (day: DayNumber) => {
    if (!agendaUnit) return;
    const column = day - range.from;
    if (selection && selection.unitId === agendaUnit.id && selection.anchor === selection.focus) setSelection({ ...selection, focus: column });
    else setSelection({ rowKey: `u:${agendaUnit.id}`, unitId: agendaUnit.id, rateId: null, anchor: column, focus: column });
  };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      {!can.edit ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t(can.readsPrices ? 'readOnly' : 'occupancyOnly')}
        </Alert>
      ) : null}
      <CalendarToolbar
        settings={settings}
        accommodations={filters.accommodations}
        labels={filters.labels}
        showPriceSettings={can.readsPrices && !isPhone}
        jumpDate={isoFromDay(focus)}
        onSettings={onSettings}
        onJump={jump}
        onToday={onToday}
      />
      {data.error ? <Alert severity="error">{t('loadFailed', { message: data.error.message })}</Alert> : null}
      {summary && stay ? (
        <SelectionBar
          summary={summary}
          canEdit={can.edit}
          tooLong={summary.nights > MAX_EDIT_NIGHTS}
          onClose={() => void edits.setClosed(summary.unitId, stay.arrival, stay.departure, true)}
          onOpen={() => void edits.setClosed(summary.unitId, stay.arrival, stay.departure, false)}
          onPrice={(rateId, price) => void edits.setPrice(rateId, stay.arrival, stay.departure, price)}
          onStayLimit={(kind, nights, rateId) => void edits.setStayLimit(kind, summary.unitId, rateId, stay.arrival, stay.departure, nights)}
          onArrivalDeparture={(rateId, value) => void edits.setArrivalDeparture(rateId, stay.arrival, stay.departure, value)}
          onClear={() => setSelection(null)}
        />
      ) : null}
      {data.loading ? <LinearProgress sx={{ mb: 1 }} /> : null}
      {!data.loading && data.window && data.units.length === 0 ? <Alert severity="info">{t('empty')}</Alert> : null}
      {isPhone ? (
        <CalendarAgenda
          units={data.units.map((u) => ({ id: u.id, name: u.name, accommodationName: u.accommodationName }))}
          unit={agendaUnit}
          unitId={agendaUnit?.id ?? null}
          from={agendaFrom}
          days={AGENDA_DAYS}
          prices={prices}
          today={today}
          locale={locale}
          selected={stay && selection?.unitId === agendaUnit?.id ? { first: stay.arrival, last: stay.departure - 1 } : null}
          onUnit={(id) => {
            setAgendaUnitId(id);
            setSelection(null);
          }}
          onShift={(days) => setAgendaFrom((d) => d + days)}
          onTap={onAgendaTap}
        />
      ) : (
        <CalendarGrid
          handle={grid}
          range={range}
          rows={rows}
          data={view}
          today={today}
          locale={locale}
          selection={selection}
          onSelect={setSelection}
          onToggleGroup={onToggleGroup}
          onVisibleColumns={onVisibleColumns}
          onVisibleRows={onVisibleRows}
          stayHref={stayHref}
          onOpenStay={onOpenStay}
        />
      )}
    </>
  );
}
