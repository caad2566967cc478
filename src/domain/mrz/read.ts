// Turns what a character reader saw into a checked MRZ: clean the lines, fix their length, parse
// with check digits, and when that fails try one-character repairs, accepting a repair only when
// exactly one valid reading comes out (a naive repair can pass a wrong number through its check
// digit; see shared/reference/mrz.md). Names carry no check digit, so the guest always confirms.
import { parse, type ParseResult } from 'mrz';

/** Line lengths per format: TD1 (ID cards) 3 x 30, TD2 2 x 36, TD3 (passports) 2 x 44. */
const FORMATS: ReadonlyArray<{ lines: number; length: number }> = [
  { lines: 3, length: 30 },
  { lines: 2, length: 36 },
  { lines: 2, length: 44 },
];

/** Characters readers mix up in OCR-B; a repair swaps one of these for its partners. */
const CONFUSIONS: Record<string, string> = {
  '0': 'OQD', O: '0QD', Q: 'O0', D: '0OP',
  '1': 'I', I: '1',
  '2': 'Z', Z: '2',
  '5': 'SP', S: '5', P: '5B',
  U: 'JVI', J: 'UI', V: 'UY', W: 'VM', M: 'HNW', N: 'MH', H: 'MN', E: 'F', F: 'E',
  '6': 'G', G: '6',
  '8': 'B', B: '8P',
  '<': 'KLC', K: '<', L: '<', C: '<',
};

/** Upper-case, MRZ characters only (anything else becomes `<`), no blank lines. */
export function cleanLines(raw: readonly string[]): string[] {
  return raw
    .map((line) => line.toUpperCase().replace(/\s+/g, '').replace(/[^A-Z0-9<]/g, '<'))
    .filter((line) => line.length >= 10);
}

/** Stretches or shrinks a line to `length` at its longest `<` run (where a reader gains or loses fillers). */
export function fitLength(line: string, length: number): string {
  if (line.length === length) return line;
  let best = -1;
  let bestLength = 0;
  for (let i = 0; i < line.length; ) {
    if (line[i] !== '<') {
      i++;
      continue;
    }
    let j = i;
    while (j < line.length && line[j] === '<') j++;
    if (j - i >= bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  const diff = length - line.length;
  if (best < 0 || (diff < 0 && bestLength + diff < 1)) return diff > 0 ? line + '<'.repeat(diff) : line.slice(0, length);
  return line.slice(0, best) + '<'.repeat(bestLength + diff) + line.slice(best + bestLength);
}

/** The format whose line count and length are nearest to what was read, with the lines fitted to it. */
/**
 * A passport's (TD3) first character is always P (visas, V, aside): readers take it for 5 or D, so
 * it is set rather than repaired (the document code carries no check digit).
 */
function fixDocumentCode(lines: string[]): string[] {
  if (lines.length === 2 && lines[0].length === 44 && !/^[PV]/.test(lines[0])) return ['P' + lines[0].slice(1), lines[1]];
  return lines;
}

export function shapeLines(raw: readonly string[]): string[] | undefined {
  const lines = cleanLines(raw);
  let best: { lines: string[]; cost: number } | undefined;
  for (const format of FORMATS) {
    if (lines.length < format.lines) continue;
    const chosen = lines.slice(lines.length - format.lines);
    const cost = chosen.reduce((sum, line) => sum + Math.abs(line.length - format.length), 0);
    if (cost > format.lines * 4) continue;
    if (!best || cost < best.cost) best = { lines: fixDocumentCode(chosen.map((line) => fitLength(line, format.length))), cost };
  }
  return best?.lines;
}

export type MrzReading =
  | { ok: true; lines: string[]; result: ParseResult; repaired: boolean }
  | { ok: false; reason: 'unreadable' | 'invalid' | 'ambiguous' };

function tryParse(lines: string[]): ParseResult | undefined {
  try {
    // autocorrect only swaps letters and digits where a field's type allows one kind (O -> 0 in a date).
    return parse(lines, { autocorrect: true });
  } catch {
    return undefined;
  }
}

/** Where the document number sits: TD1 line 1 columns 5-13, TD2 and TD3 line 2 columns 0-8. */
function documentNumberAt(lines: readonly string[]): { row: number; from: number } {
  return lines.length === 3 ? { row: 0, from: 5 } : { row: 1, from: 0 };
}

/**
 * A filler inside the document number (a `<` with characters after it) is a misread: numbers are
 * left-aligned and padded at the end. The check digit cannot tell: `<` counts 0, as K, U, A and 0
 * do at any position. Such a reading is repaired like any other, or refused.
 */
function hasInnerFiller(lines: readonly string[]): boolean {
  const { row, from } = documentNumberAt(lines);
  return /<[^<]/.test(lines[row].slice(from, from + 9));
}

/** The parsed MRZ when every check digit verifies and the document number has no inner filler. */
export function validReading(lines: string[]): ParseResult | undefined {
  const result = tryParse(lines);
  return result?.valid && !hasInnerFiller(lines) ? result : undefined;
}

type Candidate = { lines: string[]; result: ParseResult };

/** Every valid reading one confusable character away (`only`: at these positions only). */
function repairs(lines: string[], only?: (row: number, col: number) => boolean): Map<string, Candidate> {
  const found = new Map<string, Candidate>();
  lines.forEach((line, row) => {
    for (let col = 0; col < line.length; col++) {
      if (only && !only(row, col)) continue;
      for (const replacement of CONFUSIONS[line[col]] ?? '') {
        const candidate = [...lines];
        candidate[row] = line.slice(0, col) + replacement + line.slice(col + 1);
        const result = tryParse(candidate);
        if (result?.valid && !hasInnerFiller(candidate)) found.set(candidate.join('\n'), { lines: candidate, result });
      }
    }
  });
  return found;
}

/** Reads raw reader lines into a valid MRZ, or says why not. */
export function readMrzLines(raw: readonly string[]): MrzReading {
  const lines = shapeLines(raw);
  if (!lines) return { ok: false, reason: 'unreadable' };
  const first = tryParse(lines);
  if (first?.valid && !hasInnerFiller(lines)) return { ok: true, lines, result: first, repaired: first.details.some((d) => d.autocorrect.length > 0) };
  // Valid but with a filler inside the document number: only the filler itself is repaired.
  const { row: numberRow, from } = documentNumberAt(lines);
  const found = first?.valid ? repairs(lines, (row, col) => row === numberRow && col >= from && col < from + 9 && lines[row][col] === '<') : repairs(lines);
  if (found.size === 1) {
    const [only] = found.values();
    return { ok: true, lines: only.lines, result: only.result, repaired: true };
  }
  return { ok: false, reason: found.size > 1 ? 'ambiguous' : 'invalid' };
}
