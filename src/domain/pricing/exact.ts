// Exact percent arithmetic for the pricing hot path. Same rule as money.ts (half away from zero to
// whole minor units) and the same answers, without BigInt when the product fits in a double's
// exact-integer range (2^53); beyond it money.ts's BigInt path is used. Tested against money.ts.
import { divRound, percentToPpm, type Minor } from '../money';

const SAFE = Number.MAX_SAFE_INTEGER;
const PPM_100 = 1_000_000;

/** A percent as parts per million (4% = 40 000), exactly as money.ts carries it. */
export function ppmOf(percent: number): number {
  return Number(percentToPpm(percent));
}

/** num / den rounded half away from zero; num and den integers, den > 0, |num| ≤ 2^53. */
function divRoundNumber(num: number, den: number): number {
  const n = Math.abs(num);
  let q = Math.floor(n / den);
  let r = n - q * den;
  // Float division of exact integers may be one off; the remainder corrects it exactly.
  if (r < 0) {
    q -= 1;
    r += den;
  } else if (r >= den) {
    q += 1;
    r -= den;
  }
  if (2 * r >= den) q += 1;
  return num < 0 && q !== 0 ? -q : q;
}

/** amount × ppm / 1 000 000, rounded half away from zero: a percent share of an amount. */
export function ppmShare(amount: Minor, ppm: number): Minor {
  const product = amount * ppm;
  if (Math.abs(product) <= SAFE / 2) return divRoundNumber(product, PPM_100);
  return Number(divRound(BigInt(amount) * BigInt(ppm), BigInt(PPM_100)));
}

/** amount changed by a signed percent given in ppm: 10000 +15% = 11500. */
export function addPpm(amount: Minor, ppm: number): Minor {
  return amount + ppmShare(amount, ppm);
}
