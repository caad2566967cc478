// The journey the page is server-rendered with: what reaches the function (the id in the body only,
// the guest's address for its rate limit) and what the page gets for each answer.
import { forwardedFor, loadInitialJourney, withDays } from './serverJourney';

const ID = '1aac0505-9f49-4cec-8e5e-165482ee4aea';
const req = (xff?: string) => ({ headers: xff ? { 'x-forwarded-for': xff } : {}, socket: { remoteAddress: '203.0.113.7' } }) as unknown as Parameters<typeof forwardedFor>[0];
const closedJourney = { opensOn: '2027-05-01', checkin: '2027-05-06', checkout: '2027-05-08', accommodationName: 'Duna Loft', open: false, closed: false, stay: null };

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe('server-rendered journey', () => {
  it('asks /journey/get with the id in the body, never in the URL, and passes the guest address on', async () => {
    const { impl, calls } = fakeFetch(200, closedJourney);
    const initial = await loadInitialJourney(ID, req('198.51.100.2'), impl);
    expect(initial).toEqual({ journey: closedJourney });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toMatch(/\/journey\/get$/);
    expect(calls[0].url).not.toContain(ID);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ journeyId: ID });
    expect((calls[0].init.headers as Record<string, string>)['x-forwarded-for']).toBe('198.51.100.2, 203.0.113.7');
  });

  it("gives the page the function's 404 (the find-booking form shows) as plain JSON", async () => {
    const { impl } = fakeFetch(404, { status: 404, error: 'not-found', message: "Can't find booking with the provided information", messageKey: 'journey:errors.notFound' });
    const initial = await loadInitialJourney(ID, req(), impl);
    expect(initial).toEqual({ error: { status: 404, error: 'not-found', message: "Can't find booking with the provided information", messageKey: 'journey:errors.notFound' } });
    // Next refuses undefined in page props.
    expect(JSON.stringify(initial)).not.toContain('undefined');
  });

  it('leaves the journey to the browser when the server cannot tell (rate limit, outage, bad answer)', async () => {
    expect(await loadInitialJourney(ID, req(), fakeFetch(429, { error: 'too-many-attempts' }).impl)).toBeNull();
    expect(await loadInitialJourney(ID, req(), fakeFetch(500, { error: 'internal' }).impl)).toBeNull();
    expect(await loadInitialJourney(ID, req(), fakeFetch(200, { nonsense: true }).impl)).toBeNull();
    const failing = (async () => Promise.reject(new Error('ECONNREFUSED'))) as unknown as typeof fetch;
    expect(await loadInitialJourney(ID, req(), failing)).toBeNull();
  });

  it('does not call the function for an id that is no UUID', async () => {
    const { impl, calls } = fakeFetch(200, closedJourney);
    expect(await loadInitialJourney('../../admin', req(), impl)).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('days of the server-rendered journey', () => {
  it('come with the journey in the page language, as the page prints them (the browser then makes no date formatter)', () => {
    const journey = closedJourney as unknown as import('@/lib/functions/journey').JourneyView;
    expect(withDays({ journey }, 'hu')).toEqual({ journey, days: { '2027-05-01': '2027. május 1., Szo', '2027-05-06': '2027. május 6., Cs', '2027-05-08': '2027. május 8., Szo' } });
    expect(withDays({ journey }, 'en')).toMatchObject({ days: { '2027-05-06': 'Thu, 6 May 2027' } });
    expect(withDays(null, 'en')).toBeNull();
  });
});
