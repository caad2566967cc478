// The home page's module, in a browser with a stored session, starts the dashboard's, the shell's
// and the session client's downloads side by side (the dashboard's module runs after the app's first
// render, too late to start the session's itself); without a session it starts none (a visitor's
// landing stays lean).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REFRESH_TOKEN_COOKIE } from '@/lib/nhost/storedSession';

const loaded = { dashboard: 0, chrome: 0, session: 0 };

async function importHomePage(): Promise<void> {
  vi.resetModules();
  loaded.dashboard = loaded.chrome = loaded.session = 0;
  vi.doMock('@/features/shell/views/SignedInHome', () => ((loaded.dashboard += 1), { default: () => null }));
  vi.doMock('@/features/shell/components/StaffChrome', () => ((loaded.chrome += 1), { default: () => null }));
  vi.doMock('@/lib/nhost/sessionModules', () => ((loaded.session += 1), {}));
  await import('@/pages/index');
}

afterEach(() => {
  vi.doUnmock('@/features/shell/views/SignedInHome');
  vi.doUnmock('@/features/shell/components/StaffChrome');
  vi.doUnmock('@/lib/nhost/sessionModules');
  document.cookie = `${REFRESH_TOKEN_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('the home page module', () => {
  it('with a stored session, starts the dashboard, the shell and the session client', async () => {
    document.cookie = `${REFRESH_TOKEN_COOKIE}=a-stored-refresh-token; path=/`;
    await importHomePage();
    await vi.waitFor(() => expect(loaded).toEqual({ dashboard: 1, chrome: 1, session: 1 }));
  });

  it('without a session, starts none of them', async () => {
    await importHomePage();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded).toEqual({ dashboard: 0, chrome: 0, session: 0 });
  });
});
