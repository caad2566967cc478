import { render } from '@testing-library/react';
import Router from 'next/router';
import { act } from 'react';
import { useRouteProgress } from './useRouteProgress';

function Probe() {
  useRouteProgress();
  return null;
}

describe('route progress bar', () => {
  it('shows a bar hidden from screen readers while a route loads, and takes it away after', async () => {
    vi.useFakeTimers();
    try {
      render(<Probe />);
      act(() => Router.events.emit('routeChangeStart', '/accommodations', { shallow: false }));
      const bar = document.querySelector('#nprogress .bar');
      expect(bar).not.toBeNull();
      // role="bar" (nprogress's default) is not an ARIA role; the bar is decoration.
      expect(bar?.getAttribute('role')).toBeNull();
      expect(bar?.getAttribute('aria-hidden')).toBe('true');
      expect(document.querySelector('#nprogress [role="spinner"]')).toBeNull();

      act(() => Router.events.emit('routeChangeComplete', '/accommodations', { shallow: false }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3000);
      });
      expect(document.querySelector('#nprogress')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
