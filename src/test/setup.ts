// Shared setup for component tests (jsdom): unmount rendered trees after each test, and after each
// file clear what it left in the window for the next file of a shared worker (project dom,
// `isolate: false`, see tests/isolation.ts): a signed-in client's stored session, cookies, the URL,
// spies on shared modules.
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Component tests talk to a real embedded backend; under a loaded CI machine a round trip plus
// a refetch can take longer than Testing Library's 1 s default. A missing behaviour still fails,
// only after 5 s instead of 1 s.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

afterAll(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});
