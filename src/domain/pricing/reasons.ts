// Messages for why a stay cannot be booked: translation keys in the `calendar` namespace
// (public/locales/<en|hu>/calendar.json, quote.reasons.*). Decision: `calendar` rather than a new
// namespace, because every route loads it (SPEC 2), so the calendar, the booking editor and the
// guest journey can all show these messages without registering another namespace. Keys whose
// message names a count follow i18next's plural suffixes (_one, _other) with `count`.
import type { UnbookableCode, UnbookableReason } from './engine';

export const REASON_NAMESPACE = 'calendar';

/** i18next key (with namespace) of a reason's message. */
export function reasonKey(code: UnbookableCode): string {
  return `${REASON_NAMESPACE}:quote.reasons.${code}`;
}

const COUNT_OF: Partial<Record<UnbookableCode, string>> = { minStay: 'minStay', maxStay: 'maxStay', occupancy: 'occupancy' };

/** Interpolation values for a reason's message: lists joined, `count` for plural forms. */
export function reasonValues(reason: UnbookableReason): Record<string, string | number> {
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(reason.params)) values[k] = Array.isArray(v) ? v.join(', ') : v;
  const countOf = COUNT_OF[reason.code];
  if (countOf) values.count = reason.params[countOf] as number;
  return values;
}
