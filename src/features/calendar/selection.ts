// Selecting a range of nights on one calendar row, by pointer or keyboard. Pure: the grid keeps a
// Selection in state and feeds events through these functions.
import type { DayNumber } from '@/domain/pricing';

export interface Selection {
  /** The row the range is on (a unit or one of its rates). */
  rowKey: string;
  unitId: string;
  rateId: string | null;
  /** Column indexes; anchor is where the selection started, focus where it ends (either order). */
  anchor: number;
  focus: number;
}

export function startSelection(row: { key: string; unitId: string; rateId: string | null }, column: number): Selection {
  return { rowKey: row.key, unitId: row.unitId, rateId: row.rateId, anchor: column, focus: column };
}

/**
 * A tap (touch): the first tap picks one night, a second tap on the same row ends the range there
 * (either side); after a range, or on another row, a tap starts again. A finger drags to scroll,
 * so a touch screen selects by two taps, as the phone agenda does.
 */
export function tapSelection(selection: Selection | null, row: { key: string; unitId: string; rateId: string | null }, column: number): Selection {
  if (selection && selection.rowKey === row.key && selection.anchor === selection.focus) return { ...selection, focus: column };
  return startSelection(row, column);
}

/** Extends to a column on the same row; another row leaves the selection as it is. */
export function extendSelection(selection: Selection, rowKey: string, column: number): Selection {
  if (selection.rowKey !== rowKey || selection.focus === column) return selection;
  return { ...selection, focus: column };
}

export function selectedColumns(selection: Selection): { first: number; last: number } {
  return { first: Math.min(selection.anchor, selection.focus), last: Math.max(selection.anchor, selection.focus) };
}

/** The selected nights as day numbers [from, to): the stay's arrival and departure. */
export function selectedStay(selection: Selection, gridFrom: DayNumber): { arrival: DayNumber; departure: DayNumber } {
  const { first, last } = selectedColumns(selection);
  return { arrival: gridFrom + first, departure: gridFrom + last + 1 };
}

export interface KeyMove {
  column: number;
  row: number;
  extend: boolean;
}

/** Where an arrow/Home/End/Page key moves the active cell (and whether Shift extends); null for other keys. */
export function keyMove(key: string, shift: boolean, at: { column: number; row: number }, size: { columns: number; rows: number }): KeyMove | null {
  const clampC = (c: number) => Math.min(size.columns - 1, Math.max(0, c));
  const clampR = (r: number) => Math.min(size.rows - 1, Math.max(0, r));
  switch (key) {
    case 'ArrowLeft':
      return { column: clampC(at.column - 1), row: at.row, extend: shift };
    case 'ArrowRight':
      return { column: clampC(at.column + 1), row: at.row, extend: shift };
    case 'ArrowUp':
      return shift ? null : { column: at.column, row: clampR(at.row - 1), extend: false };
    case 'ArrowDown':
      return shift ? null : { column: at.column, row: clampR(at.row + 1), extend: false };
    case 'Home':
      return { column: 0, row: at.row, extend: shift };
    case 'End':
      return { column: size.columns - 1, row: at.row, extend: shift };
    case 'PageUp':
      return { column: clampC(at.column - 7), row: at.row, extend: shift };
    case 'PageDown':
      return { column: clampC(at.column + 7), row: at.row, extend: shift };
    default:
      return null;
  }
}
