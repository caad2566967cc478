// A new window answer drawn on the grid a few rows at a time. Each row draws one answer's unit
// and prices together (so a price is never drawn against another answer's window) and keeps the
// answer it showed until a slice moves it to the newest: a slice prices rows on screen, visible
// ones first, for about SLICE_MS and at most SLICE_ROWS of them, then those rows alone render,
// and the next slice waits for the next frame. Drawing a whole new window at once was one task of
// ~50 ms at the stop of a scroll; pricing is the small part of it: a traced year scroll priced a
// screenful in ~3.5 ms, rendered it in ~10 ms, and its frame laid out and painted the newly priced
// nights in 37 ms of CPU, so a slice is bounded by rows as well as by time.
// Answers need not hold the same units (a window loads the units of the rows on screen): a row
// whose unit its answer lacks draws the newest answer that has it at once (it drew nothing, so
// nothing mixes), and no row is moved to an answer without its unit.
import { useEffect, useState } from 'react';
import type { WindowView } from '../model';

/** CPU per slice for pricing; the rows' own render and paint follow in tasks of their own. */
export const SLICE_MS = 6;
/** Units per slice: each row's render, layout and paint of newly priced nights is ~3 ms of CPU. */
export const SLICE_ROWS = 4;

export interface RowViews {
  /** The answer a row of this unit draws now. */
  viewFor(unitId: string): WindowView;
}

interface Drawn {
  /** The answer every row draws unless moved ahead. */
  base: WindowView;
  /** Rows already moved to a later answer, by unit. */
  ahead: ReadonlyMap<string, WindowView>;
}

const NO_ROWS: ReadonlyMap<string, WindowView> = new Map();

/**
 * The rows (by unit) due to move to `target` in the next slice: in `onScreen` order, priced one
 * by one until `budgetMs` has passed or `maxRows` are priced (at least one row, so a slice
 * always moves on).
 */
export function nextSlice(onScreen: readonly string[], viewOf: (unitId: string) => WindowView, target: WindowView, budgetMs: number, now: () => number, maxRows = SLICE_ROWS): string[] {
  const started = now();
  const slice: string[] = [];
  for (const id of onScreen) {
    if (viewOf(id) === target) continue;
    target.prices.prepare(id);
    slice.push(id);
    if (slice.length >= maxRows || now() - started >= budgetMs) break;
  }
  return slice;
}

/** The answer a row of `unitId` draws: the one it was moved to, else the base if that has its unit, else the newest. */
function drawnView(unitId: string, base: WindowView, ahead: ReadonlyMap<string, WindowView>, target: WindowView): WindowView {
  return ahead.get(unitId) ?? (base.units.has(unitId) || !target.units.has(unitId) ? base : target);
}

/** Runs `run` after the next frame is painted (a task of its own, not inside the frame). */
function afterNextFrame(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 16);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * @param target the newest answer.
 * @param onScreen the units of the rows drawn now (with the virtualiser's overscan), visible ones
 *   first; read when a slice runs, so rows scrolled into view meanwhile are moved too.
 * @param scrolling whether the grid is scrolling: slices wait for it to stop, so a scroll frame
 *   does not also lay out and paint newly priced rows (traced: scroll frames of 20-25 ms of CPU
 *   grew to 31-41 ms when slices ran during the scroll).
 */
export function useRowByRowWindow(target: WindowView, onScreen: () => readonly string[], scrolling: () => boolean = () => false): RowViews {
  const [drawn, setDrawn] = useState<Drawn>({ base: target, ahead: NO_ROWS });
  // Nothing drawn yet (no answer, or none of its units): the answer is drawn at once.
  const base = drawn.base.units.size === 0 ? target : drawn.base;
  const { ahead } = drawn;

  useEffect(() => {
    if (base === target) {
      if (drawn.base !== target) setDrawn({ base: target, ahead: NO_ROWS });
      return;
    }
    let cancel: () => void;
    const run = () => {
      if (scrolling()) {
        cancel = afterNextFrame(run);
        return;
      }
      const rows = onScreen();
      const slice = nextSlice(
        rows.filter((id) => target.units.has(id)),
        (id) => drawnView(id, base, ahead, target),
        target,
        SLICE_MS,
        () => performance.now(),
      );
      if (slice.length === 0) {
        // A row on screen whose unit only the drawn answer has (a newer window for the rows now
        // on screen is on its way) keeps it: wait for that answer rather than blank the row.
        if (rows.some((id) => base.units.has(id) && !target.units.has(id))) {
          cancel = afterNextFrame(run);
          return;
        }
        // Every row on screen draws the newest answer: it becomes the base, and rows scrolled
        // into view from now on draw it too.
        setDrawn({ base: target, ahead: NO_ROWS });
        return;
      }
      const next = new Map(ahead);
      for (const id of slice) next.set(id, target);
      setDrawn({ base, ahead: next });
    };
    cancel = afterNextFrame(run);
    return () => cancel();
  }, [base, ahead, target, drawn.base, onScreen, scrolling]);

  return { viewFor: (unitId) => drawnView(unitId, base, ahead, target) };
}
