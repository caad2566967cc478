// Reads an Airbnb listing id from what a host pastes: the bare id or a listing URL
// (airbnb.com/rooms/<id>, any country domain, with or without query or the /plus/ path).

const LISTING_URL = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*airbnb\.[a-z.]{2,10}\/rooms\/(?:plus\/)?(\d{4,20})(?:[/?#].*)?$/i;

export type ListingParse = { ok: true; id: string; url: string | null } | { ok: false };

export function parseAirbnbListing(input: string): ListingParse {
  const value = input.trim();
  if (/^\d{4,20}$/.test(value)) return { ok: true, id: value, url: null };
  const match = LISTING_URL.exec(value);
  if (!match) return { ok: false };
  return { ok: true, id: match[1], url: `https://www.airbnb.com/rooms/${match[1]}` };
}
