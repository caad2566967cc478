// "At most 15 accommodations open at once" (spec section 5 and 9). In Staydesk an accommodation is
// *open* while its editor sits in the strip of editor tabs above the editor; the strip survives
// page loads. Opening a 16th is refused with a message until the user closes one; re-opening one
// already in the strip only switches to it.

export const MAX_OPEN_ACCOMMODATIONS = 15;

export type OpenResult = { ok: true; open: string[] } | { ok: false; reason: 'limit'; max: number };

/** Adds `id` to the open strip (at the end), or refuses when the strip is full. */
export function openAccommodation(open: readonly string[], id: string, max = MAX_OPEN_ACCOMMODATIONS): OpenResult {
  if (open.includes(id)) return { ok: true, open: [...open] };
  if (open.length >= max) return { ok: false, reason: 'limit', max };
  return { ok: true, open: [...open, id] };
}

/** Removes `id` from the strip; unknown ids leave it unchanged. */
export function closeAccommodation(open: readonly string[], id: string): string[] {
  return open.filter((openId) => openId !== id);
}

/** Reads a stored strip defensively: unreadable or over-long values never break the editor. */
export function parseOpenAccommodations(stored: string | null, max = MAX_OPEN_ACCOMMODATIONS): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    if (!Array.isArray(value)) return [];
    const ids = value.filter((item): item is string => typeof item === 'string' && item.length > 0);
    return [...new Set(ids)].slice(0, max);
  } catch {
    return [];
  }
}
