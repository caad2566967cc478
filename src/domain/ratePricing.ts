// Rate prices: modifiers, derived rates (percent or amount change from a parent rate, with optional
// closed-to-arrival/departure inheritance) and min/max clamping. All amounts in minor units.
import { type Minor, percentOf } from './money';

export type ModifierDirection = 'increase' | 'decrease';
/** The database's amount_types: a fixed amount (minor units) or a percent. */
export type ChangeKind = 'FIX' | 'PERCENT';

/** One price adjustment: "+10%", "-5 EUR" (as minor units), ... */
export interface Modifier {
  direction: ModifierDirection;
  kind: ChangeKind;
  /** Minor units for FIX, a percentage (e.g. 12.5) for PERCENT. Never negative. */
  value: number;
}

/** Applies one modifier. Percent changes round half away from zero to whole minor units. */
export function applyModifier(price: Minor, modifier: Modifier): Minor {
  if (modifier.value < 0) throw new RangeError('modifier value must not be negative; use direction');
  const delta = modifier.kind === 'PERCENT' ? percentOf(price, modifier.value) : Math.round(modifier.value);
  return modifier.direction === 'increase' ? price + delta : price - delta;
}

/**
 * Applies modifiers in the order given. Order matters when percent and amount are mixed
 * (100 +10% -5 = 105, 100 -5 +10% = 104.5 → 105 rounded); the editor keeps the user's order.
 * A price never goes below zero.
 */
export function applyModifiers(price: Minor, modifiers: readonly Modifier[]): Minor {
  return Math.max(0, modifiers.reduce(applyModifier, price));
}

/** Keeps a price inside [min, max]; either bound may be absent. Throws when min > max. */
export function clampPrice(price: Minor, min?: Minor | null, max?: Minor | null): Minor {
  if (min != null && max != null && min > max) throw new RangeError(`min price ${min} is above max price ${max}`);
  let result = price;
  if (min != null && result < min) result = min;
  if (max != null && result > max) result = max;
  return result;
}

/** The link from a derived rate to its parent. */
export interface Derivation {
  parentId: string;
  /** The change is a signed number: -10 percent means 10% cheaper than the parent. */
  kind: ChangeKind;
  change: number;
  /** When true the derived rate copies the parent's closed-to-arrival (and departure) days. */
  inheritClosedToArrival: boolean;
  inheritClosedToDeparture: boolean;
}

/** A rate as the pricing rules see it, on one date. */
export interface RateOnDate {
  id: string;
  /** Own price; ignored for a derived rate (its price comes from the parent). */
  price: Minor;
  minPrice?: Minor | null;
  maxPrice?: Minor | null;
  modifiers?: readonly Modifier[];
  derivation?: Derivation | null;
  closedToArrival?: boolean;
  closedToDeparture?: boolean;
}

export interface ResolvedRate {
  price: Minor;
  closedToArrival: boolean;
  closedToDeparture: boolean;
}

export class RateDerivationError extends Error {
  constructor(
    readonly code: 'cycle' | 'missingParent',
    readonly rateId: string,
  ) {
    super(code === 'cycle' ? `rate ${rateId} derives from itself` : `rate ${rateId} derives from a missing rate`);
  }
}

/** Price of a derived rate from its parent's final price: a signed percent or amount change. */
export function derivePrice(parentPrice: Minor, derivation: Pick<Derivation, 'kind' | 'change'>): Minor {
  const delta = derivation.kind === 'PERCENT' ? percentOf(parentPrice, derivation.change) : Math.round(derivation.change);
  return parentPrice + delta;
}

/**
 * The final price and restrictions of a rate on one date. Order of rules, for a plain rate:
 * own price → modifiers → clamp to own min/max. For a derived rate: the parent's *final* price →
 * derivation change → own modifiers → clamp to own min/max; closed-to-arrival and closed-to-departure each
 * come from the parent when the rate inherits them, otherwise they are the rate's own. Chains of derived rates are allowed;
 * cycles and missing parents are reported as RateDerivationError.
 */
export function resolveRate(rateId: string, rates: ReadonlyMap<string, RateOnDate>, seen: ReadonlySet<string> = new Set()): ResolvedRate {
  const rate = rates.get(rateId);
  if (!rate) throw new RateDerivationError('missingParent', rateId);
  if (seen.has(rateId)) throw new RateDerivationError('cycle', rateId);
  let base = rate.price;
  let closedToArrival = rate.closedToArrival ?? false;
  let closedToDeparture = rate.closedToDeparture ?? false;
  if (rate.derivation) {
    if (!rates.has(rate.derivation.parentId)) throw new RateDerivationError('missingParent', rateId);
    const parent = resolveRate(rate.derivation.parentId, rates, new Set([...seen, rateId]));
    base = derivePrice(parent.price, rate.derivation);
    if (rate.derivation.inheritClosedToArrival) closedToArrival = parent.closedToArrival;
    if (rate.derivation.inheritClosedToDeparture) closedToDeparture = parent.closedToDeparture;
  }
  const price = clampPrice(applyModifiers(base, rate.modifiers ?? []), rate.minPrice, rate.maxPrice);
  return { price, closedToArrival, closedToDeparture };
}

/** Ids of rates that may become the parent of `rateId` without creating a cycle (for the editor). */
export function allowedParents(rateId: string | null, parents: ReadonlyMap<string, string | null>): string[] {
  const descendsFrom = (candidate: string): boolean => {
    let current: string | null | undefined = candidate;
    const visited = new Set<string>();
    while (current) {
      if (current === rateId) return true;
      if (visited.has(current)) return true;
      visited.add(current);
      current = parents.get(current);
    }
    return false;
  };
  return [...parents.keys()].filter((id) => id !== rateId && (rateId === null || !descendsFrom(id)));
}
