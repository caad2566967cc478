import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runReactOutsideAct } from '@/test/reactOutsideAct';
import { signInForm } from '@/test/signInForm';
import { EARLY_TAPS_QUEUE, replayEarlyTaps } from './earlyTaps';
import { EARLY_TAPS_SCRIPT } from './earlyTapsScript';

// The head script's listeners, taken off again after each test: other test files share this document.
const listeners: Parameters<Document['addEventListener']>[] = [];
let root: Root | undefined;

/** The server's HTML in Next's root element, with the head script run as the browser would. */
function servePage(page: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.id = '__next';
  container.innerHTML = renderToString(page);
  document.body.append(container);
  const add = document.addEventListener.bind(document);
  const spy = vi.spyOn(document, 'addEventListener').mockImplementation((...args: Parameters<Document['addEventListener']>) => {
    listeners.push(args);
    add(...args);
  });
  new Function(EARLY_TAPS_SCRIPT)();
  spy.mockRestore();
  return container;
}

/** As the app: the frame replays the held presses in its first effect; the page hydrates in a Suspense boundary. */
function App({ children }: { children: ReactNode }) {
  useEffect(() => replayEarlyTaps(), []);
  return <Suspense>{children}</Suspense>;
}

/**
 * React starts on the served page as in the browser, on its own scheduler: within act() the
 * hydration React does at once for a pressed part that has not hydrated yet would wait in act's queue.
 */
function startReact(container: HTMLElement, page: React.ReactElement): void {
  root = hydrateRoot(container, page);
}

runReactOutsideAct();

afterEach(() => {
  root?.unmount();
  root = undefined;
  for (const args of listeners.splice(0)) document.removeEventListener(...args);
  delete (window as unknown as Record<string, unknown>)[EARLY_TAPS_QUEUE];
  document.getElementById('__next')?.remove();
});

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        Pressed {count}
      </button>
      <a href="#elsewhere">Elsewhere</a>
    </div>
  );
}

describe('presses before React has started', () => {
  it('a button pressed before React started is pressed once React has, and later presses reach React once each', async () => {
    const page = (
      <App>
        <Counter />
      </App>
    );
    const container = servePage(page);
    const button = container.querySelector('button')!;
    button.click();
    expect(button.textContent).toBe('Pressed 0');

    startReact(container, page);
    await vi.waitFor(() => expect(button.textContent).toBe('Pressed 1'));
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('Pressed 2'));
  });

  it('leaves links to the browser', () => {
    const container = servePage(<Counter />);
    const link = container.querySelector('a')!;
    const seen = vi.fn((e: Event) => e.defaultPrevented);
    window.addEventListener('click', seen);
    link.click();
    window.removeEventListener('click', seen);
    expect(seen).toHaveReturnedWith(false);
    expect((window as unknown as Record<string, unknown[]>)[EARLY_TAPS_QUEUE]).toEqual([]);
  });

  it('a form submitted before React started is not sent the browser’s way, and React gets it once it has started', async () => {
    const onSubmit = vi.fn();
    const SignIn = signInForm(onSubmit);
    const page = (
      <App>
        <SignIn />
      </App>
    );
    const container = servePage(page);
    const sent = vi.fn((e: Event) => e.defaultPrevented);
    window.addEventListener('submit', sent);
    container.querySelector('input')!.value = 'anna@example.test';
    container.querySelector('button')!.click();
    // The press was held: no submission at all, let alone the browser's own.
    expect(sent).not.toHaveBeenCalled();
    container.querySelector('form')!.requestSubmit();
    expect(sent).toHaveReturnedWith(true);
    window.removeEventListener('submit', sent);

    startReact(container, page);
    // The held press and the held submission (Enter in a field), each once.
    await vi.waitFor(() => expect(onSubmit.mock.calls).toEqual([['anna@example.test'], ['anna@example.test']]));
  });
});
