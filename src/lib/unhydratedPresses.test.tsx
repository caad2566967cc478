import { lazy, Suspense, useState, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runReactOutsideAct } from '@/test/reactOutsideAct';
import { signInForm } from '@/test/signInForm';
import { holdUnhydratedPresses } from './unhydratedPresses';

// Presses on a part of the page React has started on but cannot hydrate yet (its code has not
// arrived): React drops them (unhydratedPresses.ts says where). Here the part's component is a
// React.lazy whose module the test hands over when it wants.

let root: Root | undefined;
let stopHolding: (() => void) | undefined;

runReactOutsideAct();

afterEach(() => {
  stopHolding?.();
  root?.unmount();
  stopHolding = root = undefined;
  document.getElementById('__next')?.remove();
});

function Page({ Part }: { Part: ComponentType }) {
  return (
    <main>
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    </main>
  );
}

/**
 * The server's HTML of the part in Next's root element, and React started on it with the part's
 * code still loading; `arrive` hands the code over.
 */
function serveAndStart(Part: ComponentType): { container: HTMLElement; arrive: () => void } {
  const container = document.createElement('div');
  container.id = '__next';
  container.innerHTML = renderToString(<Page Part={Part} />);
  document.body.append(container);
  let arrive = () => {};
  const code = new Promise<{ default: ComponentType }>((resolve) => (arrive = () => resolve({ default: Part })));
  const LazyPart = lazy(() => code);
  root = hydrateRoot(container, <Page Part={LazyPart} />);
  return { container, arrive };
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      Pressed {count}
    </button>
  );
}

/** Until React has created its root on the container (it hydrates the frame in a task of its own). */
const reactStarted = (container: HTMLElement) => vi.waitFor(() => expect(Object.keys(container).some((key) => key.startsWith('_reactListening'))).toBe(true));

describe('a press on a part React has started on but not hydrated', () => {
  it('is pressed again, once, when the part has hydrated', async () => {
    stopHolding = holdUnhydratedPresses();
    const { container, arrive } = serveAndStart(Counter);
    await reactStarted(container);
    const button = container.querySelector('button')!;
    button.click();
    expect(Object.keys(button).some((key) => key.startsWith('__reactFiber$'))).toBe(false);

    arrive();
    await vi.waitFor(() => expect(button.textContent).toBe('Pressed 1'));
    // Hydrated now: presses go to React straight away, once each.
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe('Pressed 2'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(button.textContent).toBe('Pressed 2');
  });

  it('a submit button: the form is not sent the browser’s way, and React gets it once hydrated', async () => {
    stopHolding = holdUnhydratedPresses();
    const onSubmit = vi.fn();
    const SignIn = signInForm(onSubmit);
    const { container, arrive } = serveAndStart(SignIn);
    await reactStarted(container);
    const sent: Event[] = [];
    const seeSubmit = (e: Event) => sent.push(e);
    document.addEventListener('submit', seeSubmit, true);
    container.querySelector('input')!.value = 'anna@example.test';
    container.querySelector('button')!.click();
    // Held: no submission at all, let alone the browser's own.
    expect(sent).toEqual([]);

    arrive();
    await vi.waitFor(() => expect(onSubmit.mock.calls).toEqual([['anna@example.test']]));
    document.removeEventListener('submit', seeSubmit, true);
    expect(sent.map((e) => e.defaultPrevented)).toEqual([true]);
  });

  it('a control whose part never hydrates gets the browser’s own action after the wait', async () => {
    stopHolding = holdUnhydratedPresses({ releaseAfterMs: 300 });
    function Consent() {
      return (
        <label>
          <input type="checkbox" name="consent" /> I agree
        </label>
      );
    }
    const { container } = serveAndStart(Consent);
    await reactStarted(container);
    const box = container.querySelector('input')!;
    box.click();
    expect(box.checked).toBe(false);
    await vi.waitFor(() => expect(box.checked).toBe(true));
  });
});
