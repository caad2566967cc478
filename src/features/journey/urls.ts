// Guest journey URLs: /journey/<journeyId>[/checkin|/invoice] and the /travel/<journeyId> family
// (/travel/<id>/<card> opens any card). A page keeps the family it was opened in.
export type JourneyBase = 'journey' | 'travel';

/** Cards with their own route under /journey; every card opens under /travel/<id>/<card>. */
const JOURNEY_CARD_ROUTES = new Set(['checkin', 'invoice']);

export function journeyUrl(journeyId: string, base: JourneyBase = 'journey'): string {
  return `/${base}/${encodeURIComponent(journeyId)}`;
}

export function journeyCardUrl(journeyId: string, card: string, base: JourneyBase = 'journey'): string {
  const family = base === 'journey' && !JOURNEY_CARD_ROUTES.has(card) ? 'travel' : base;
  return `${journeyUrl(journeyId, family)}/${encodeURIComponent(card)}`;
}

export function findBookingUrl(base: JourneyBase = 'journey'): string {
  return `/${base}/find`;
}
