// The multi-unit calendar grid: rows (accommodations, units, rates) by nights, virtualised both
// ways so a hundred units over a year render only what is on screen. Sticky day header and row
// labels, a today marker, stays as bars (a click opens the booking), and a range of nights picked
// on one row by mouse drag, by two taps on a touch screen (a finger drag scrolls), or by keyboard
// (arrows move, Shift+arrows extend, Escape clears). A new window answer reaches the rows on
// screen a few at a time (useRowByRowWindow), each row drawing one answer's unit and prices.
// Renders props only; the view owns data and writes.
import { memo, useCallback, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type Ref } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useVirtualizer } from '@tanstack/react-virtual';
import { civilFromDay, isoFromDay, isoWeekday, type CalendarDay, type DayNumber } from '@/domain/pricing';
import type { Currency } from '@/domain/money';
import type { DayRange } from '../axis';
import { cellPrice, formatMonthDay } from '../format';
import { useRowByRowWindow } from '../hooks/useRowByRowWindow';
import { CHANNEL_COLOURS, OTHER_CHANNEL_COLOUR, type CalendarRow, type CalendarUnit, type PriceIndex, type Stay, type WindowView } from '../model';

export type { PriceIndex, WindowView } from '../model';
import { extendSelection, keyMove, selectedColumns, startSelection, tapSelection, type Selection } from '../selection';
import styles from './CalendarGrid.module.css';

export const CELL_WIDTH = 56;
export const LABEL_WIDTH = 200;
const HEADER_HEIGHT = 44;
const ROW_HEIGHT = 44;
const GROUP_HEIGHT = 30;
/**
 * Nights per block. A row's nights (and the header's days) are drawn in blocks of this many, each
 * placed once at its first night: a scroll adds the blocks coming into view and drops those
 * leaving it, and a block already on screen is re-rendered by neither React nor the browser (its
 * layout and paint are kept), where one strip of the visible nights moved and changed every frame.
 */
export const BLOCK_DAYS = 7;
/** A touch that moves further than this (px) is a scroll, not a tap. */
const TAP_SLOP = 10;


export interface CalendarGridHandle {
  scrollToDay(day: DayNumber, smooth: boolean): void;
}

export interface CalendarGridProps {
  range: DayRange;
  rows: readonly CalendarRow[];
  /** The newest window answer: its units and their prices. */
  data: WindowView;
  today: DayNumber;
  locale: string;
  selection: Selection | null;
  onSelect(selection: Selection | null): void;
  onToggleGroup(accommodationId: string): void;
  /** Visible column indexes changed (the view loads the window they need). */
  onVisibleColumns(first: number, last: number): void;
  /** The row indexes in view changed (the view loads the units they show). */
  onVisibleRows(first: number, last: number): void;
  /** The address a stay's bar links to (a new tab, a copied link). */
  stayHref(bookingId: string): string;
  /** A plain click on a stay's bar: open the booking in this tab. */
  onOpenStay(bookingId: string): void;
  handle?: Ref<CalendarGridHandle>;
}

function selectable(row: CalendarRow | undefined): row is Extract<CalendarRow, { kind: 'unit' | 'rate' }> {
  return row !== undefined && row.kind !== 'accommodation';
}

// Memoised: the view re-renders when the data window changes, before that window's data arrives.
export const CalendarGrid = memo(function CalendarGrid(props: CalendarGridProps) {
  const { range, rows, data, today, locale, selection, onSelect, onToggleGroup, onVisibleColumns, onVisibleRows, stayHref, onOpenStay, handle } = props;
  const { t } = useTranslation('calendar');
  const scrollRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const touch = useRef<{ x: number; y: number; row: number; column: number } | null>(null);
  const [active, setActive] = useState<{ row: number; column: number }>({ row: 1, column: Math.max(0, today - range.from) });
  const columns = range.to - range.from;

  // Neither virtualiser renders inside the scroll event (their default, flushSync): the new rows or
  // columns render in a task of their own after the frame, so a frame of a fast scroll is the
  // browser's scroll and paint, not that plus React's render and commit in one long task. The
  // overscan covers what an ordinary scroll moves in a frame.
  const rowVirtualizer = useVirtualizer({
    useFlushSync: false,
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'accommodation' ? GROUP_HEIGHT : ROW_HEIGHT),
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    overscan: 4,
  });
  const colVirtualizer = useVirtualizer({
    useFlushSync: false,
    horizontal: true,
    count: columns,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CELL_WIDTH,
    paddingStart: LABEL_WIDTH,
    scrollPaddingStart: LABEL_WIDTH,
    overscan: 3,
  });
  // Row heights depend on the row kind; re-measure when the rows change.
  useEffect(() => rowVirtualizer.measure(), [rows, rowVirtualizer]);

  // The units of the rows drawn now, those in view before the overscan, for useRowByRowWindow.
  const rowsNow = useRef(rows);
  rowsNow.current = rows;
  const onScreen = useCallback(() => {
    const top = rowVirtualizer.scrollOffset ?? 0;
    const bottom = top + (rowVirtualizer.scrollRect?.height ?? 0);
    const inView: string[] = [];
    const overscan: string[] = [];
    for (const item of rowVirtualizer.getVirtualItems()) {
      const row = rowsNow.current[item.index];
      if (!selectable(row)) continue;
      (item.end > top + HEADER_HEIGHT && item.start < bottom ? inView : overscan).push(row.unitId);
    }
    return [...new Set([...inView, ...overscan])];
  }, [rowVirtualizer]);
  const scrolling = useCallback(() => colVirtualizer.isScrolling || rowVirtualizer.isScrolling, [colVirtualizer, rowVirtualizer]);
  const rowViews = useRowByRowWindow(data, onScreen, scrolling);

  const visibleCols = colVirtualizer.getVirtualItems();
  const firstCol = visibleCols[0]?.index ?? 0;
  const lastCol = visibleCols[visibleCols.length - 1]?.index ?? 0;
  const firstBlock = Math.floor(firstCol / BLOCK_DAYS);
  const lastBlock = Math.floor(lastCol / BLOCK_DAYS);
  const blocks: number[] = [];
  for (let b = firstBlock; b <= lastBlock; b += 1) blocks.push(b);
  useEffect(() => onVisibleColumns(firstCol, lastCol), [firstCol, lastCol, onVisibleColumns]);
  // The rows in view, without the overscan (the virtualiser's range, which getVirtualItems sets):
  // the view loads their units a chunk ahead, which covers the overscan below. Counting the
  // overscan, the 17 rows a 900 px screen draws asked for 32 units where the ~13 in view ask for
  // 24 (bench:calendar: a window's answer ~157 -> ~115 kB).
  rowVirtualizer.getVirtualItems();
  const firstRow = rowVirtualizer.range?.startIndex ?? 0;
  const lastRow = rowVirtualizer.range?.endIndex ?? -1;
  useEffect(() => onVisibleRows(firstRow, lastRow), [firstRow, lastRow, onVisibleRows]);

  useImperativeHandle(
    handle,
    () => ({
      scrollToDay(day, smooth) {
        colVirtualizer.scrollToIndex(Math.min(columns - 1, Math.max(0, day - range.from)), { align: 'start', behavior: smooth ? 'smooth' : 'auto' });
      },
    }),
    [colVirtualizer, columns, range.from],
  );

  const cellAt = useCallback((target: EventTarget | null): { row: number; column: number } | null => {
    const el = target instanceof Element ? target.closest<HTMLElement>('[data-col]') : null;
    if (!el) return null;
    return { row: Number(el.dataset.row), column: Number(el.dataset.col) };
  }, []);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const at = cellAt(e.target);
    const row = at ? rows[at.row] : undefined;
    if (!at || !selectable(row)) return;
    if (e.pointerType === 'touch') {
      // Decided on pointerup: a tap selects, a pan lets the browser scroll (no preventDefault).
      touch.current = { x: e.clientX, y: e.clientY, ...at };
      return;
    }
    e.preventDefault();
    scrollRef.current?.focus({ preventScroll: true });
    dragging.current = true;
    setActive(at);
    onSelect(startSelection({ key: row.key, unitId: row.unitId, rateId: row.kind === 'rate' ? row.rateId : null }, at.column));
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current || !selection) return;
    const at = cellAt(document.elementFromPoint(e.clientX, e.clientY));
    const row = at ? rows[at.row] : undefined;
    if (!at || !row) return;
    const next = extendSelection(selection, row.key, at.column);
    if (next !== selection) {
      setActive({ row: at.row, column: at.column });
      onSelect(next);
    }
  };
  const endDrag = () => {
    dragging.current = false;
    touch.current = null;
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = touch.current;
    endDrag();
    if (!start || Math.abs(e.clientX - start.x) > TAP_SLOP || Math.abs(e.clientY - start.y) > TAP_SLOP) return;
    const row = rows[start.row];
    if (!selectable(row)) return;
    setActive({ row: start.row, column: start.column });
    onSelect(tapSelection(selection, { key: row.key, unitId: row.unitId, rateId: row.kind === 'rate' ? row.rateId : null }, start.column));
  };

  // One listener for every bar: a plain click opens the booking here; a click with a modifier (new
  // tab or window) or another button is the browser's, on the bar's real href.
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const bar = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[data-booking]') : null;
    if (!bar || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpenStay(bar.dataset.booking ?? '');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      onSelect(null);
      return;
    }
    const move = keyMove(e.key, e.shiftKey, active, { columns, rows: rows.length });
    if (!move) return;
    e.preventDefault();
    setActive({ row: move.row, column: move.column });
    rowVirtualizer.scrollToIndex(move.row);
    colVirtualizer.scrollToIndex(move.column);
    const row = rows[move.row];
    if (!selectable(row)) return;
    if (move.extend && selection) onSelect(extendSelection(selection, row.key, move.column));
    else onSelect(startSelection({ key: row.key, unitId: row.unitId, rateId: row.kind === 'rate' ? row.rateId : null }, move.column));
  };

  const totalWidth = LABEL_WIDTH + columns * CELL_WIDTH;
  const totalHeight = rowVirtualizer.getTotalSize();
  const sel = selection ? { key: selection.rowKey, ...selectedColumns(selection) } : null;
  const activeRow = rows[active.row];

  return (
    <div
      ref={scrollRef}
      className={styles.scroller}
      role="grid"
      aria-label={t('grid.label')}
      aria-rowcount={rows.length}
      aria-colcount={columns}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={endDrag}
      aria-describedby="calendar-grid-help"
    >
      <span id="calendar-grid-help" className={styles.srOnly}>
        {t('grid.help')}
      </span>
      <div className={styles.canvas} style={{ width: totalWidth, height: totalHeight }}>
        <div className={styles.header} style={{ width: totalWidth, height: HEADER_HEIGHT }} role="row">
          <div className={styles.corner} style={{ width: LABEL_WIDTH, height: HEADER_HEIGHT }} role="columnheader">
            {activeRow && selectable(activeRow) ? isoFromDay(range.from + active.column) : t('grid.units')}
          </div>
          {blocks.map((b) => (
            <HeaderBlock key={b} block={b} range={range} today={today} locale={locale} />
          ))}
        </div>
        {today >= range.from && today < range.to ? <div className={styles.todayLine} style={{ left: LABEL_WIDTH + (today - range.from) * CELL_WIDTH + CELL_WIDTH / 2, height: totalHeight }} aria-hidden /> : null}
        {rowVirtualizer.getVirtualItems().map((r) => {
          const row = rows[r.index];
          if (!row) return null;
          if (row.kind === 'accommodation') {
            return (
              <div key={row.key} className={styles.group} style={{ top: r.start, height: r.size, width: totalWidth }} role="row">
                <button type="button" className={styles.groupLabel} style={{ width: LABEL_WIDTH }} onClick={() => onToggleGroup(row.accommodationId)} aria-expanded={!row.collapsed}>
                  <span aria-hidden>{row.collapsed ? '▸' : '▾'}</span> {row.name}
                </button>
              </div>
            );
          }
          const rowSel = sel && sel.key === row.key ? sel : null;
          const view = rowViews.viewFor(row.unitId);
          return (
            <GridRow
              key={row.key}
              row={row}
              index={r.index}
              top={r.start}
              height={r.size}
              width={totalWidth}
              range={range}
              firstBlock={firstBlock}
              lastBlock={lastBlock}
              unit={view.units.get(row.unitId)}
              prices={view.prices}
              locale={locale}
              selFirst={rowSel?.first ?? -1}
              selLast={rowSel?.last ?? -1}
              activeCol={active.row === r.index ? active.column : -1}
              closedLabel={t('grid.closed')}
              stayHref={stayHref}
            />
          );
        })}
      </div>
    </div>
  );
});

/** The nights of block `block` within the range: [first, end) column indexes. */
function blockColumns(block: number, range: DayRange): { first: number; end: number } {
  const first = block * BLOCK_DAYS;
  return { first, end: Math.min(range.to - range.from, first + BLOCK_DAYS) };
}

const blockLeft = (block: number) => LABEL_WIDTH + block * BLOCK_DAYS * CELL_WIDTH;

const HeaderBlock = memo(function HeaderBlock({ block, range, today, locale }: { block: number; range: DayRange; today: DayNumber; locale: string }) {
  const { first, end } = blockColumns(block, range);
  const days = [];
  for (let col = first; col < end; col += 1) days.push(<DayHeader key={col} day={range.from + col} today={today} locale={locale} />);
  return (
    <div className={styles.strip} style={{ left: blockLeft(block) }}>
      {days}
    </div>
  );
});

const DayHeader = memo(function DayHeader({ day, today, locale }: { day: DayNumber; today: DayNumber; locale: string }) {
  const { year, month, day: dom } = civilFromDay(day);
  const weekday = isoWeekday(day);
  const name = weekdayName(weekday, locale);
  const cls = [styles.dayHead, weekday >= 6 ? styles.weekend : '', day === today ? styles.todayHead : '', dom === 1 ? styles.monthStart : ''].join(' ');
  return (
    <div className={cls} role="columnheader" aria-label={isoFromDay(day)}>
      <span className={styles.weekday}>{name}</span>
      <span>{dom === 1 ? formatMonthDay(year, month, dom, locale) : dom}</span>
    </div>
  );
});

const weekdayNames = new Map<string, string[]>();
function weekdayName(isoDay: number, locale: string): string {
  let names = weekdayNames.get(locale);
  if (!names) {
    const f = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    // 2024-01-01 was a Monday.
    names = Array.from({ length: 7 }, (_, i) => f.format(new Date(Date.UTC(2024, 0, 1 + i))));
    weekdayNames.set(locale, names);
  }
  return names[isoDay - 1];
}

interface GridRowProps {
  row: Extract<CalendarRow, { kind: 'unit' | 'rate' }>;
  index: number;
  top: number;
  height: number;
  width: number;
  range: DayRange;
  /** The blocks of nights on screen (with the virtualiser's overscan), first to last. */
  firstBlock: number;
  lastBlock: number;
  unit: CalendarUnit | undefined;
  /** The prices of the same answer as `unit` (priced ahead by useRowByRowWindow, else on demand). */
  prices: PriceIndex;
  locale: string;
  selFirst: number;
  selLast: number;
  activeCol: number;
  closedLabel: string;
  stayHref(bookingId: string): string;
}

/** "3+" (at least 3 nights), "≤7" (at most 7), "3–7", or '' when the night keeps the rate's own. */
export function stayLimitLabel(night: Pick<CalendarDay, 'minStay' | 'maxStay'>, baseMinStay: number, baseMaxStay: number | null): string {
  const min = night.minStay !== baseMinStay;
  const max = night.maxStay !== baseMaxStay && night.maxStay !== null;
  if (min && max) return `${night.minStay}–${night.maxStay}`;
  if (min) return `${night.minStay}+`;
  return max ? `≤${night.maxStay}` : '';
}

interface CellProps {
  row: number;
  col: number;
  iso: string;
  weekend: boolean;
  /** The night's price as shown, '' when there is none. */
  price: string;
  stayLimit: string;
  closed: boolean;
  selected: boolean;
  active: boolean;
  cta: boolean;
  ctd: boolean;
  closedLabel: string;
}

/**
 * One night of a row. Its props are what it shows, so a scroll (which re-renders the rows for the
 * new columns) or a new data window with the same values re-renders only the cells that changed.
 */
const Cell = memo(function Cell(c: CellProps) {
  // Only a cell with a mark in a corner is positioned (the marks are placed in it): a positioned
  // box is a layer of its own for the browser to lay out and paint, per night on screen.
  const marked = c.stayLimit !== '' || c.cta || c.ctd;
  const cls = [styles.cell, marked ? styles.marked : '', c.closed ? styles.closed : '', c.selected ? styles.selected : '', c.active ? styles.active : '', c.weekend ? styles.weekendCell : ''].join(' ');
  return (
    <div className={cls} data-row={c.row} data-col={c.col} data-date={c.iso} data-closed={c.closed || undefined} role="gridcell" aria-selected={c.selected} title={c.closed ? c.closedLabel : undefined}>
      {c.price ? <span className={styles.price}>{c.price}</span> : null}
      {c.stayLimit ? <span className={styles.minStay}>{c.stayLimit}</span> : null}
      {c.cta ? <span className={styles.cta} aria-hidden /> : null}
      {c.ctd ? <span className={styles.ctd} aria-hidden /> : null}
    </div>
  );
});

interface RowBlockProps {
  kind: 'unit' | 'rate';
  index: number;
  block: number;
  range: DayRange;
  unit: CalendarUnit | undefined;
  priced: { from: DayNumber; days: readonly CalendarDay[] } | undefined;
  currency: Currency | undefined;
  baseMinStay: number;
  baseMaxStay: number | null;
  locale: string;
  /** The selected columns within this block, -1 when none (so other blocks keep their props). */
  selFirst: number;
  selLast: number;
  activeCol: number;
  closedLabel: string;
}

/** BLOCK_DAYS nights of a row, placed at the block's first night. */
const RowBlock = memo(function RowBlock(p: RowBlockProps) {
  const { kind, unit, range, priced, currency } = p;
  const { first, end } = blockColumns(p.block, range);
  const cells = [];
  for (let col = first; col < end; col += 1) {
    const day = range.from + col;
    const iso = isoFromDay(day);
    const night = priced && day >= priced.from && day - priced.from < priced.days.length ? priced.days[day - priced.from] : undefined;
    const closed = kind === 'unit' ? (unit?.pricing?.closedDays.has(iso) ?? false) : (night?.closed ?? false);
    cells.push(
      <Cell
        key={col}
        row={p.index}
        col={col}
        iso={iso}
        weekend={isoWeekday(day) >= 6}
        price={night && currency ? cellPrice(night.price, currency, p.locale) : ''}
        stayLimit={night ? stayLimitLabel(night, p.baseMinStay, p.baseMaxStay) : ''}
        closed={closed}
        selected={col >= p.selFirst && col <= p.selLast}
        active={col === p.activeCol}
        cta={kind === 'rate' && (night?.closedToArrival ?? false)}
        ctd={kind === 'rate' && (night?.closedToDeparture ?? false)}
        closedLabel={p.closedLabel}
      />,
    );
  }
  return (
    <div className={styles.strip} style={{ left: blockLeft(p.block) }}>
      {cells}
    </div>
  );
});

/**
 * One unit or rate row: its label, its blocks of nights on screen and (on unit rows) the stays
 * as bars. Its props change when a block comes into or leaves view, not every scroll frame.
 */
const GridRow = memo(function GridRow(p: GridRowProps) {
  const { row, unit, range } = p;
  const priced = row.rateId ? p.prices.get(row.rateId) : undefined;
  const currency = unit?.pricing?.rates.find((r) => r.id === row.rateId)?.currency;
  // A minimum or maximum stay shows only where the night's differs from the rate's own.
  const baseRate = row.rateId ? unit?.pricing?.data.rates.get(row.rateId) : undefined;
  const blocks = [];
  for (let b = p.firstBlock; b <= p.lastBlock; b += 1) {
    const { first, end } = blockColumns(b, range);
    const selected = p.selFirst < end && p.selLast >= first;
    blocks.push(
      <RowBlock
        key={b}
        kind={row.kind}
        index={p.index}
        block={b}
        range={range}
        unit={unit}
        priced={priced}
        currency={currency}
        baseMinStay={baseRate?.minStay ?? 1}
        baseMaxStay={baseRate?.maxStay ?? null}
        locale={p.locale}
        selFirst={selected ? p.selFirst : -1}
        selLast={selected ? p.selLast : -1}
        activeCol={p.activeCol >= first && p.activeCol < end ? p.activeCol : -1}
        closedLabel={p.closedLabel}
      />,
    );
  }
  const bars = [];
  if (row.kind === 'unit' && unit) {
    const lo = range.from + p.firstBlock * BLOCK_DAYS;
    const hi = range.from + blockColumns(p.lastBlock, range).end;
    for (const stay of unit.stays) {
      if (stay.checkout <= lo || stay.checkin >= hi) continue;
      bars.push(<StayBar key={stay.id} stay={stay} rangeFrom={range.from} href={stay.bookingId ? p.stayHref(stay.bookingId) : null} />);
    }
  }
  return (
    <div className={styles.row} style={{ top: p.top, height: p.height, width: p.width }} role="row" data-row-key={row.key}>
      <div className={row.kind === 'rate' ? `${styles.label} ${styles.rateLabel}` : styles.label} style={{ width: LABEL_WIDTH }} role="rowheader" title={row.name}>
        {row.kind === 'rate' && row.derived ? '↳ ' : ''}
        {row.name}
        {currency ? <span className={styles.currency}> {currency}</span> : null}
      </div>
      {blocks}
      {bars}
    </div>
  );
});

/**
 * A stay's bar; a booking's is a plain link the grid's one click listener follows. Not a Next
 * `<Link>`: each of those watches itself with an IntersectionObserver and prefetches its page
 * when it scrolls into view, hundreds of times over a year's scroll for the one booking page.
 * Memoised: a scroll frame re-renders the rows, not the bars already drawn.
 */
const StayBar = memo(function StayBar({ stay, rangeFrom, href }: { stay: Stay; rangeFrom: DayNumber; href: string | null }) {
  const left = LABEL_WIDTH + (stay.checkin - rangeFrom) * CELL_WIDTH + CELL_WIDTH / 2;
  const width = (stay.checkout - stay.checkin) * CELL_WIDTH - 2;
  const style = { left, width, background: stay.channel ? (CHANNEL_COLOURS[stay.channel] ?? OTHER_CHANNEL_COLOUR) : OTHER_CHANNEL_COLOUR };
  const text = stay.guestName ?? (stay.guests !== null ? `${stay.guests}` : '');
  const dates = `${isoFromDay(stay.checkin)} – ${isoFromDay(stay.checkout)}`;
  return href && stay.bookingId ? (
    <a href={href} className={styles.bar} style={style} data-stay={stay.id} data-booking={stay.bookingId} title={`${text} ${dates}`}>
      {text}
    </a>
  ) : (
    <div className={styles.bar} style={style} data-stay={stay.id} title={dates}>
      {text}
    </div>
  );
});
