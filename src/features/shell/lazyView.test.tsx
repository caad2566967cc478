// A staff page's view starts loading when the opened page's module runs, but not when Next runs
// the module of a page it prefetched (after the app's first render): that page loads its view when
// it is shown.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('lazyView', () => {
  it('starts the opened page view at once, a prefetched page view only when rendered', async () => {
    vi.resetModules();
    const { lazyView } = await import('./lazyView');
    const { markAppRendered } = await import('@/lib/openingPage');
    const openedView = () => <p>opened view</p>;
    const loadOpened = vi.fn(async () => openedView);
    lazyView(loadOpened);
    expect(loadOpened).toHaveBeenCalledTimes(1);

    markAppRendered();
    const prefetchedView = () => <p>prefetched view</p>;
    const loadPrefetched = vi.fn(async () => prefetchedView);
    const Prefetched = lazyView(loadPrefetched);
    expect(loadPrefetched).not.toHaveBeenCalled();

    render(<Prefetched />);
    expect(await screen.findByText('prefetched view')).toBeTruthy();
    expect(loadPrefetched).toHaveBeenCalled();
  });
});
