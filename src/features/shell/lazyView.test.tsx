// A staff page's view starts loading when the module of the opened page, or of the page a
// navigation goes to, runs; not when Next runs the module of a page it prefetched (after the app's
// first render, no navigation under way): that page loads its view when it is shown.
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import mitt from 'next/dist/shared/lib/mitt';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PageHeadingContext } from './components/PageSkeleton';
import { lazyView as lazyViewOfThisFile } from './lazyView';

describe('lazyView', () => {
  // First: the test below loads the modules afresh, and the heading's context must be the one this
  // file imported.
  it("shows the page's heading over a loading skeleton until the view's code is there", async () => {
    let arrive: (view: ComponentType) => void = () => undefined;
    const View = lazyViewOfThisFile(() => new Promise<ComponentType>((resolve) => (arrive = resolve)));
    renderWithProviders(
      <PageHeadingContext.Provider value="accommodation:list.title">
        <View />
      </PageHeadingContext.Provider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Accommodations' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    await act(async () => arrive(() => <p>the view</p>));
    expect(await screen.findByText('the view')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('starts the opened and the navigated-to page view in a task right after the module, a prefetched page view only when rendered', async () => {
    vi.resetModules();
    const { lazyView } = await import('./lazyView');
    const { followNavigations, markAppRendered } = await import('@/lib/openingPage');
    const view = (text: string) => async () => () => <p>{text}</p>;
    const loadOpened = vi.fn(view('opened view'));
    lazyView(loadOpened);
    // Not inside the page module's evaluation (its script insertions made that task long), but next.
    expect(loadOpened).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(loadOpened).toHaveBeenCalledTimes(1));

    markAppRendered();
    const events = mitt();
    followNavigations(events);
    const loadPrefetched = vi.fn(view('prefetched view'));
    const Prefetched = lazyView(loadPrefetched);
    expect(loadPrefetched).not.toHaveBeenCalled();

    events.emit('routeChangeStart');
    const loadNavigated = vi.fn(view('navigated view'));
    lazyView(loadNavigated);
    events.emit('routeChangeComplete');
    await vi.waitFor(() => expect(loadNavigated).toHaveBeenCalledTimes(1));
    const loadLater = vi.fn(view('later view'));
    lazyView(loadLater);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadLater).not.toHaveBeenCalled();

    render(<Prefetched />);
    expect(await screen.findByText('prefetched view')).toBeTruthy();
    expect(loadPrefetched).toHaveBeenCalled();
  });
});
