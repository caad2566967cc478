// Several readings of one MRZ (the same photo preprocessed differently) voted into one: a reader's
// misreads depend on the binarisation and scale, so where one reading fails its check digits the
// others usually read that character right. The vote is per character; where readings tie, every
// mix of the tied characters is tried, and a result is accepted only when exactly one candidate
// passes all check digits (a wrong field must never reach the form; see shared/reference/mrz.md).
import type { ParseResult } from 'mrz';
import { readMrzLines, shapeLines, validReading, type MrzReading } from './read';

/** Tied positions tried at most (2^6 mixes); more disagreement than that is no reading to trust. */
const MAX_TIES = 6;

/** The readings of the format most of them have, shaped to it (line count and length). */
function sameFormat(readings: readonly (readonly string[] | null)[]): string[][] {
  const groups = new Map<string, string[][]>();
  for (const raw of readings) {
    const lines = raw ? shapeLines(raw) : undefined;
    if (!lines) continue;
    const key = `${lines.length}x${lines[0].length}`;
    groups.set(key, [...(groups.get(key) ?? []), lines]);
  }
  let best: string[][] = [];
  for (const group of groups.values()) if (group.length > best.length) best = group;
  return best;
}

/** Per position, the characters with the most votes (one when the vote is clear, several on a tie). */
export function characterVote(readings: readonly string[][]): string[][][] {
  return readings[0].map((line, row) =>
    [...line].map((_, col) => {
      const counts = new Map<string, number>();
      for (const reading of readings) counts.set(reading[row][col], (counts.get(reading[row][col]) ?? 0) + 1);
      const top = Math.max(...counts.values());
      return [...counts].filter(([, n]) => n === top).map(([c]) => c);
    }),
  );
}

/** Every MRZ the vote allows: the clear characters, and each mix of the tied ones. */
function candidates(vote: string[][][]): string[][] | undefined {
  const ties = vote.flatMap((line, row) => line.flatMap((chars, col) => (chars.length > 1 ? [{ row, col, chars }] : [])));
  if (ties.length > MAX_TIES) return undefined;
  let mixes: string[][][] = [vote.map((line) => line.map((chars) => chars[0]))];
  for (const { row, col, chars } of ties) {
    mixes = mixes.flatMap((mix) =>
      chars.map((c) => {
        const next = mix.map((line) => [...line]);
        next[row][col] = c;
        return next;
      }),
    );
  }
  return mixes.map((mix) => mix.map((line) => line.join('')));
}

/**
 * One checked MRZ from several readings (null: a reading that found no lines). Fewer than two
 * readings of one format is no vote: the single reading is checked (and repaired) on its own.
 */
export function voteMrzReadings(readings: readonly (readonly string[] | null)[]): MrzReading {
  const group = sameFormat(readings);
  if (group.length === 0) return { ok: false, reason: 'unreadable' };
  if (group.length === 1) return readMrzLines(group[0]);
  const mixes = candidates(characterVote(group));
  if (!mixes) return { ok: false, reason: 'ambiguous' };
  if (mixes.length === 1) {
    // A clear vote: checked, and if it still fails, repaired only when one repair is valid.
    const reading = readMrzLines(mixes[0]);
    return reading.ok ? { ...reading, repaired: reading.repaired || !group.some((g) => g.join() === mixes[0].join()) } : reading;
  }
  const valid = new Map<string, { lines: string[]; result: ParseResult }>();
  for (const lines of mixes) {
    const result = validReading(lines);
    if (result) valid.set(lines.join('\n'), { lines, result });
  }
  if (valid.size !== 1) return { ok: false, reason: valid.size > 1 ? 'ambiguous' : 'invalid' };
  const [only] = valid.values();
  return { ok: true, lines: only.lines, result: only.result, repaired: !group.some((g) => g.join() === only.lines.join()) };
}

/**
 * The reader's answer for a photo read several ways, in order: the first reading that passes on
 * its own (checked and uniquely repaired as `readMrzLines` does), else the vote of all of them.
 */
export function readMrzAttempts(readings: readonly (readonly string[] | null)[]): MrzReading {
  let failure: 'unreadable' | 'invalid' | 'ambiguous' = 'unreadable';
  for (const lines of readings) {
    if (!lines) continue;
    const reading = readMrzLines(lines);
    if (reading.ok) return reading;
    if (failure === 'unreadable') failure = reading.reason;
  }
  const voted = voteMrzReadings(readings);
  return voted.ok || voted.reason !== 'unreadable' ? voted : { ok: false, reason: failure };
}
