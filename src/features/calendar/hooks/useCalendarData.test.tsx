// What the calendar asks the server for, as the wire sees it: the rows' units once per filter,
// then each window for the units of the rows on screen only (not every unit of the filter), and
// every unit's window on a phone. A fake link answers and records each subscription.
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { Observable } from 'rxjs';
import { toDay } from '@/domain/pricing';
import { calendarUnitRow } from '@/test/calendarRows';
import { calendarCapabilitiesFor } from '../capabilities';
import { useCalendarData } from './useCalendarData';

const UNITS = 20;
const ids = Array.from({ length: UNITS }, (_, i) => `u${String(i).padStart(2, '0')}`);

interface Asked {
  operation: string;
  variables: Record<string, unknown>;
}

/** Unit ids the `units` filter names (`{ id: { _in } }` in its `_and`), or null when it names none. */
function idsAsked(units: unknown): string[] | null {
  const and = (units as { _and?: { id?: { _in?: string[] } }[] })._and ?? [];
  return and.find((c) => c.id?._in)?.id?._in ?? null;
}

/** A server of UNITS units (each with a rate, a stay in every window asked) that records what it was asked. */
function fakeServer() {
  const asked: Asked[] = [];
  const unitRow = (id: string, nights: boolean) =>
    calendarUnitRow(id, { booked_units: nights ? [{ id: `s-${id}`, checkin: '2027-06-02', checkout: '2027-06-04', booking: { id: `b-${id}`, customer_name: 'Kovács Anna', channel: 'direct' } }] : [] });
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const variables = operation.variables as Record<string, unknown>;
        asked.push({ operation: operation.operationName ?? '', variables });
        let data: Record<string, unknown>;
        if (operation.operationName === 'CalendarPriceRules') data = { price_rules: [] };
        else {
          const only = idsAsked(variables.units);
          data = { units: ids.filter((id) => !only || only.includes(id)).map((id) => unitRow(id, variables.from !== variables.to)) };
        }
        observer.next({ data });
      }),
  );
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
  return { asked, wrapper };
}

const window = { from: toDay('2027-06-01'), to: toDay('2027-06-01') + 56 };
const filter = { accommodationIds: ['a1'], labelIds: [] };
const member = calendarCapabilitiesFor('member');

describe('useCalendarData', () => {
  it('loads the rows’ units once, then the nights and stays of the span on screen only', async () => {
    const server = fakeServer();
    const hook = renderHook(({ span }) => useCalendarData(window, filter, member, span), { wrapper: server.wrapper, initialProps: { span: { from: 8, to: 16 } } });
    await waitFor(() => expect(hook.result.current.loaded).toHaveLength(8));
    // Every unit of the filter is a row (its rates known), in order ...
    expect(hook.result.current.units.map((u) => u.id)).toEqual(ids);
    expect(hook.result.current.units.every((u) => u.pricing?.rates.length === 1 && u.stays.length === 0)).toBe(true);
    // ... and only the span's units come with their stays.
    expect(hook.result.current.loaded.map((u) => u.id)).toEqual(ids.slice(8, 16));
    expect(hook.result.current.loaded.every((u) => u.stays.length === 1)).toBe(true);
    const windows = server.asked.filter((a) => a.operation === 'CalendarWindow');
    // The skeleton (no night, every unit of the filter) and one window for the span, nothing wider.
    expect(windows.map((a) => [a.variables.from === a.variables.to, idsAsked(a.variables.units)])).toEqual([
      [true, null],
      [false, ids.slice(8, 16)],
    ]);
    // The filter still applies to the window.
    expect(JSON.stringify(windows[1].variables.units)).toContain('"accommodation_id":{"_in":["a1"]}');

    // Scrolling down to other rows asks for their units, and the skeleton is not asked again.
    hook.rerender({ span: { from: 16, to: 24 } });
    await waitFor(() => expect(hook.result.current.loaded.map((u) => u.id)).toEqual(ids.slice(16, 20)));
    const after = server.asked.filter((a) => a.operation === 'CalendarWindow');
    expect(after.map((a) => idsAsked(a.variables.units))).toEqual([null, ids.slice(8, 16), ids.slice(16, 20)]);
  });

  it('keeps loading the selected range’s unit when its row is scrolled away', async () => {
    const server = fakeServer();
    const hook = renderHook(({ span, keep }) => useCalendarData(window, filter, member, span, keep), { wrapper: server.wrapper, initialProps: { span: { from: 0, to: 8 }, keep: 'u02' as string | null } });
    await waitFor(() => expect(hook.result.current.loaded).toHaveLength(8));
    // In the span: nothing more is asked.
    expect(server.asked.filter((a) => a.operation === 'CalendarWindow').map((a) => idsAsked(a.variables.units))).toEqual([null, ids.slice(0, 8)]);
    hook.rerender({ span: { from: 16, to: 24 }, keep: 'u02' });
    await waitFor(() => expect(hook.result.current.loaded.map((u) => u.id)).toEqual(['u02', ...ids.slice(16, 20)]));
    // Its stays are there for the selection bar (is the range free?).
    expect(hook.result.current.loaded[0].stays).toHaveLength(1);
  });

  it('loads every unit’s window when no span is given (the phone’s agenda)', async () => {
    const server = fakeServer();
    const hook = renderHook(() => useCalendarData(window, filter, member, null), { wrapper: server.wrapper });
    await waitFor(() => expect(hook.result.current.loaded).toHaveLength(UNITS));
    expect(hook.result.current.units).toBe(hook.result.current.loaded);
    const windows = server.asked.filter((a) => a.operation === 'CalendarWindow');
    expect(windows).toHaveLength(1);
    expect(idsAsked(windows[0].variables.units)).toBeNull();
  });
});
