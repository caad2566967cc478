// The tab's session client is made and started in tasks of its own (not while the page's modules
// run), once per tab: a provider mounted again later (another layout) has it at once, no flash.
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useNhostClient } from '@nhost/react';
import { sessionNhost } from './clients';
import { SessionProvider, sessionReady } from './SessionProvider';

function Probe() {
  const nhost = useNhostClient();
  return <p>{nhost === sessionNhost() && nhost.auth.client.started ? 'session started' : 'other client'}</p>;
}

const tree = (
  <Suspense fallback={<p>waiting</p>}>
    <SessionProvider>
      <Probe />
    </SessionProvider>
  </Suspense>
);

describe('SessionProvider', () => {
  it('gives the tab’s one session client, started, and a provider mounted again has it without waiting', async () => {
    // The client is made and started by timers; an awaited act lets React retry the suspended render.
    let first: ReturnType<typeof render> | undefined;
    await act(async () => {
      first = render(tree);
      await sessionReady();
    });
    expect(screen.getByText('session started')).toBeTruthy();
    first?.unmount();
    render(tree);
    // Synchronously: no fallback shown for a client the tab already has.
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('session started')).toBeTruthy();
  });
});

describe('sessionReady', () => {
  it('asks for the session chunk again after a download that failed', async () => {
    vi.resetModules();
    let downloads = 0;
    vi.doMock('./sessionModules', async (importOriginal) => {
      downloads += 1;
      if (downloads === 1) throw new Error('chunk did not arrive');
      return importOriginal();
    });
    try {
      const { sessionReady: ready } = await import('./SessionProvider');
      await expect(ready()).rejects.toThrow();
      const session = await ready();
      expect(session.nhost.auth.client.started).toBe(true);
      expect(downloads).toBe(2);
    } finally {
      vi.doUnmock('./sessionModules');
    }
  });
});
