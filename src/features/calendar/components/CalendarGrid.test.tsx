// Range selection on the grid as a user does it: two taps on a touch screen (a finger that moves
// scrolls and selects nothing), a mouse drag, and Shift+arrows; the selected nights are marked.
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { useRowByRowWindow } from '../hooks/useRowByRowWindow';
import { toDay } from '@/domain/pricing';
import { renderWithProviders } from '@/test/render';
import { calendarUnitRow } from '@/test/calendarRows';
import { lazyPriceIndex, unitsFromWindow, type CalendarRow, type CalendarUnit, type WindowView } from '../model';
import type { Selection } from '../selection';
import { CalendarGrid } from './CalendarGrid';

const from = toDay('2027-06-01');
const rows: CalendarRow[] = [
  { kind: 'accommodation', key: 'a:a1', accommodationId: 'a1', name: 'Andrássy', collapsed: false },
  { kind: 'unit', key: 'u:u1', unitId: 'u1', name: 'Studio', rateId: null },
  { kind: 'rate', key: 'r:r1', unitId: 'u1', rateId: 'r1', name: 'Standard', derived: false },
];
const unit: CalendarUnit = {
  id: 'u1',
  name: 'Studio',
  accommodationId: 'a1',
  accommodationName: 'Andrássy',
  stays: [
    { id: 's1', checkin: from + 3, checkout: from + 6, bookingId: 'b1', guestName: 'Kovács Anna', channel: 'airbnb', guests: null },
    // A cleaner's stay: no booking to open.
    { id: 's2', checkin: from + 8, checkout: from + 10, bookingId: null, guestName: null, channel: null, guests: 3 },
  ],
  pricing: null,
};

function Harness({ onSelect, onOpenStay = () => undefined }: { onSelect(selection: Selection | null): void; onOpenStay?(bookingId: string): void }) {
  const [selection, setSelection] = useState<Selection | null>(null);
  return (
    <CalendarGrid
      range={{ from, to: from + 60 }}
      rows={rows}
      data={{ units: new Map([['u1', unit]]), prices: { get: () => undefined, prepare: () => undefined } }}
      today={from + 1}
      locale="en"
      selection={selection}
      onSelect={(s) => {
        onSelect(s);
        setSelection(s);
      }}
      onToggleGroup={() => undefined}
      onVisibleColumns={() => undefined}
      onVisibleRows={() => undefined}
      stayHref={(id) => `/hu/bookings/${id}`}
      onOpenStay={onOpenStay}
    />
  );
}

// jsdom lays nothing out: give the scroller a size so the virtualisers draw a screenful.
const sizes = { clientWidth: 1000, clientHeight: 400 };
beforeAll(() => {
  for (const [name, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
});
afterAll(() => {
  for (const name of Object.keys(sizes)) Reflect.deleteProperty(HTMLElement.prototype, name);
});

const cell = (row: number, col: number) => {
  const el = document.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`);
  if (!el) throw new Error(`no cell ${row}/${col}`);
  return el;
};
const selectedDates = () => [...document.querySelectorAll<HTMLElement>('[role="gridcell"][aria-selected="true"]')].map((c) => c.dataset.date);
const tap = (el: HTMLElement, move = 0) => {
  fireEvent.pointerDown(el, { pointerType: 'touch', button: 0, clientX: 100, clientY: 100 });
  fireEvent.pointerUp(el, { pointerType: 'touch', button: 0, clientX: 100 + move, clientY: 100 });
};

function setup(onOpenStay?: (bookingId: string) => void) {
  const onSelect = vi.fn();
  renderWithProviders(<Harness onSelect={onSelect} onOpenStay={onOpenStay} />);
  return onSelect;
}

describe('CalendarGrid range selection', () => {
  it('selects by tapping the first night and then the last on a touch screen', () => {
    const onSelect = setup();
    tap(cell(1, 5));
    expect(selectedDates()).toEqual(['2027-06-06']);
    tap(cell(1, 2)); // the end may lie before the start
    expect(selectedDates()).toEqual(['2027-06-03', '2027-06-04', '2027-06-05', '2027-06-06']);
    expect(onSelect).toHaveBeenLastCalledWith({ rowKey: 'u:u1', unitId: 'u1', rateId: null, anchor: 5, focus: 2 });
    // After a range, a tap starts again, here on the rate's row.
    tap(cell(2, 8));
    expect(onSelect).toHaveBeenLastCalledWith({ rowKey: 'r:r1', unitId: 'u1', rateId: 'r1', anchor: 8, focus: 8 });
    tap(cell(2, 9));
    expect(selectedDates()).toEqual(['2027-06-09', '2027-06-10']);
  });

  it('leaves the selection alone when a finger scrolls or the browser takes the gesture', () => {
    const onSelect = setup();
    tap(cell(1, 3), 40);
    fireEvent.pointerDown(cell(1, 4), { pointerType: 'touch', button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerCancel(cell(1, 4), { pointerType: 'touch' });
    fireEvent.pointerUp(cell(1, 4), { pointerType: 'touch', button: 0, clientX: 10, clientY: 10 });
    expect(onSelect).not.toHaveBeenCalled();
    expect(selectedDates()).toEqual([]);
  });

  it('selects by mouse drag on one row and by Shift+arrows', () => {
    setup();
    const target = cell(1, 4);
    const original = document.elementFromPoint;
    document.elementFromPoint = () => target;
    try {
      fireEvent.pointerDown(cell(1, 1), { pointerType: 'mouse', button: 0 });
      fireEvent.pointerMove(cell(1, 1), { pointerType: 'mouse', clientX: 1, clientY: 1 });
      fireEvent.pointerUp(target, { pointerType: 'mouse', button: 0 });
    } finally {
      document.elementFromPoint = original;
    }
    expect(selectedDates()).toEqual(['2027-06-02', '2027-06-03', '2027-06-04', '2027-06-05']);
    const grid = screen.getByRole('grid', { name: 'Availability and rates calendar' });
    fireEvent.keyDown(grid, { key: 'ArrowRight', shiftKey: true });
    expect(selectedDates()).toEqual(['2027-06-02', '2027-06-03', '2027-06-04', '2027-06-05', '2027-06-06']);
    fireEvent.keyDown(grid, { key: 'Escape' });
    expect(selectedDates()).toEqual([]);
  });
});

describe('CalendarGrid rows in view', () => {
  it('reports the rows in view to load their units, not the overscan drawn around them', () => {
    const many: CalendarRow[] = Array.from({ length: 30 }, (_, i) => ({ kind: 'unit', key: `u:u${i}`, unitId: `u${i}`, name: `Unit ${i}`, rateId: null }));
    const onVisibleRows = vi.fn();
    renderWithProviders(
      <CalendarGrid range={{ from, to: from + 60 }} rows={many} data={{ units: new Map(), prices: { get: () => undefined, prepare: () => undefined } }} today={from + 1} locale="en" selection={null} onSelect={() => undefined} onToggleGroup={() => undefined} onVisibleColumns={() => undefined} onVisibleRows={onVisibleRows} stayHref={(id) => `/bookings/${id}`} onOpenStay={() => undefined} />,
    );
    const drawn = document.querySelectorAll('[role="row"][data-row-key]').length;
    const [first, last] = onVisibleRows.mock.lastCall as [number, number];
    // 400 px of grid under a 44 px header, 44 px rows: rows 0-8 are in view ...
    expect([first, last]).toEqual([0, 8]);
    // ... and the rows drawn below them for a scroll's next frames are not asked for.
    expect(drawn).toBeGreaterThan(last + 1);
  });
});

describe('CalendarGrid stays', () => {
  it('opens the booking when its bar is clicked, and leaves a modified click to the browser', () => {
    const onOpenStay = vi.fn();
    const onSelect = setup(onOpenStay);
    const bar = screen.getByRole('link', { name: 'Kovács Anna' });
    expect(bar.getAttribute('href')).toBe('/hu/bookings/b1');
    expect(bar.getAttribute('title')).toBe('Kovács Anna 2027-06-04 – 2027-06-07');
    // Whether the browser would follow the href (jsdom cannot: the listener, after the grid's, stops it).
    const followed: boolean[] = [];
    const browser = (e: Event) => {
      followed.push(!e.defaultPrevented);
      e.preventDefault();
    };
    window.addEventListener('click', browser);
    try {
      // A new tab (Ctrl/Cmd-click) or a middle click follows the href itself.
      fireEvent.click(bar, { ctrlKey: true });
      fireEvent.click(bar, { button: 1 });
      expect(onOpenStay).not.toHaveBeenCalled();
      // A plain click opens it here, instead of the browser loading the page anew.
      fireEvent.click(bar);
    } finally {
      window.removeEventListener('click', browser);
    }
    expect(followed).toEqual([true, true, false]);
    expect(onOpenStay).toHaveBeenCalledExactlyOnceWith('b1');
    expect(onSelect).not.toHaveBeenCalled();
    // A stay without a booking the user may open is a bar, not a link; a click on it opens nothing.
    const occupied = screen.getByTitle('2027-06-09 – 2027-06-11');
    expect(occupied.textContent).toBe('3');
    expect(occupied.tagName).toBe('DIV');
    fireEvent.click(occupied);
    expect(onOpenStay).toHaveBeenCalledTimes(1);
  });
});

describe('CalendarGrid and a new window answer', () => {
  const twoUnits: CalendarRow[] = [
    { kind: 'accommodation', key: 'a:a1', accommodationId: 'a1', name: 'Andrássy', collapsed: false },
    { kind: 'unit', key: 'u:u1', unitId: 'u1', name: 'Studio', rateId: 'r1' },
    { kind: 'unit', key: 'u:u2', unitId: 'u2', name: 'Loft', rateId: 'r2' },
  ];
  const window = { from, to: from + 28 };
  /** One answer: both units' rates at `price`; pricing a unit ahead takes `prepareMs`. */
  function answer(price: string, prepareMs = 0): WindowView {
    const unitRow = (id: string, rateId: string) => calendarUnitRow(id, { rate: { id: rateId, price } });
    const units = unitsFromWindow([unitRow('u1', 'r1'), unitRow('u2', 'r2')], window, new Map());
    const prices = lazyPriceIndex(units, window, from);
    return {
      units: new Map(units.map((u) => [u.id, u])),
      prices: {
        get: prices.get,
        prepare(unitId) {
          const until = performance.now() + prepareMs;
          while (performance.now() < until);
          prices.prepare(unitId);
        },
      },
    };
  }
  const grid = (data: WindowView) => (
    <CalendarGrid range={{ from, to: from + 60 }} rows={twoUnits} data={data} today={from + 1} locale="en" selection={null} onSelect={() => undefined} onToggleGroup={() => undefined} onVisibleColumns={() => undefined} onVisibleRows={() => undefined} stayHref={(id) => `/bookings/${id}`} onOpenStay={() => undefined} />
  );
  /** The prices a row shows over its first two weeks, as a set (one answer's row shows one). */
  const rowPrices = (row: number) => new Set([...Array(14).keys()].map((col) => cell(row, col).textContent));

  it('moves rows to the new answer a slice at a time after a frame, each row drawing one answer', async () => {
    const view = renderWithProviders(grid(answer('100')));
    expect(rowPrices(1)).toEqual(new Set(['100']));
    expect(rowPrices(2)).toEqual(new Set(['100']));
    // Pricing a unit takes longer than a slice's budget here: one row moves per slice.
    view.rerender(grid(answer('200', 10)));
    // Not in the render that received the answer: the rows still draw the previous one, whole.
    expect(rowPrices(1)).toEqual(new Set(['100']));
    expect(rowPrices(2)).toEqual(new Set(['100']));
    // Every state the rows are drawn in, read after each commit (a MutationObserver's callback runs
    // before the next slice's task), not at polling times that could fall either side of a slice.
    const seen: string[] = [];
    const record = () => {
      const state = [rowPrices(1), rowPrices(2)].map((prices) => [...prices].sort().join('+')).join('/');
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    const observer = new MutationObserver(record);
    observer.observe(view.container, { subtree: true, childList: true, characterData: true });
    try {
      await waitFor(() => expect(seen[seen.length - 1]).toBe('200/200'), { timeout: 10_000 });
    } finally {
      observer.disconnect();
    }
    // A row never mixes two answers' prices, and the row on top moved first, in a slice of its own.
    expect(seen.filter((state) => state.includes('+'))).toEqual([]);
    expect(seen).toContain('200/100');
    expect(seen).not.toContain('100/200');
  });
});

describe('useRowByRowWindow', () => {
  const view = (): WindowView => ({ units: new Map([['u1', unit]]), prices: { get: () => undefined, prepare: () => undefined } });
  it('moves no row while the grid scrolls, and moves them once it stops', async () => {
    const [a, b] = [view(), view()];
    let scrolling = true;
    const hook = renderHook(({ target }) => useRowByRowWindow(target, () => ['u1'], () => scrolling), { initialProps: { target: a } });
    hook.rerender({ target: b });
    // Several frames of scrolling: the row keeps the answer it drew.
    await new Promise((r) => setTimeout(r, 200));
    expect(hook.result.current.viewFor('u1')).toBe(a);
    scrolling = false;
    await waitFor(() => expect(hook.result.current.viewFor('u1')).toBe(b), { timeout: 10_000 });
  });

  it('draws a unit only the newest answer has at once, and keeps a unit the newest answer lacks until one has it', async () => {
    const other: CalendarUnit = { ...unit, id: 'u2' };
    const withUnits = (...units: CalendarUnit[]): WindowView => ({ units: new Map(units.map((u) => [u.id, u])), prices: { get: () => undefined, prepare: () => undefined } });
    // The rows scrolled down: u2 came into view, u1 is still on screen; the answer drawn has u1
    // only, the newest (for a span that starts further down) u2 only.
    const [drawn, newest, covering] = [withUnits(unit), withUnits(other), withUnits(unit, other)];
    const hook = renderHook(({ target }) => useRowByRowWindow(target, () => ['u1', 'u2']), { initialProps: { target: drawn } });
    hook.rerender({ target: newest });
    // u2 drew nothing: it draws the newest answer in the same render, not after the scroll's slices.
    expect(hook.result.current.viewFor('u2')).toBe(newest);
    // u1 is not blanked by an answer without it, however many frames pass ...
    await new Promise((r) => setTimeout(r, 200));
    expect(hook.result.current.viewFor('u1')).toBe(drawn);
    // ... and moves once an answer has it.
    hook.rerender({ target: covering });
    await waitFor(() => expect(hook.result.current.viewFor('u1')).toBe(covering), { timeout: 10_000 });
    expect(hook.result.current.viewFor('u2')).toBe(covering);
  });
});
