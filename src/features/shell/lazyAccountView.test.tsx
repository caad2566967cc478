// An account screen's view is a chunk of its own that the server still renders: the HTML has the
// form from the first paint, and the browser keeps that very HTML (the same elements, nothing
// redrawn or blank) until the view's code arrives and hydrates it.
import { act, fireEvent } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyAccountView } from './lazyAccountView';

function SignInForm() {
  const [pressed, setPressed] = useState(false);
  return (
    <form>
      <label>
        E-mail <input name="email" />
      </label>
      <button type="button" onClick={() => setPressed(true)}>
        {pressed ? 'Signing in' : 'Sign in'}
      </button>
    </form>
  );
}

async function serverHtml(View: ComponentType): Promise<string> {
  const { prelude } = await prerender(<View />);
  return new Response(prelude).text();
}

describe('lazyAccountView', () => {
  it('is rendered on the server with the view, once its chunk has loaded', async () => {
    const html = await serverHtml(lazyAccountView(async () => SignInForm));
    expect(html).toContain('<input name="email"/>');
    expect(html).toContain('Sign in</button>');
  });

  it("keeps the server's form in the page until the view's code hydrates it", async () => {
    const container = document.createElement('div');
    container.innerHTML = await serverHtml(lazyAccountView(async () => SignInForm));
    document.body.append(container);
    const served = container.querySelector('button')!;

    let arrive: (view: ComponentType) => void = () => undefined;
    const View = lazyAccountView(() => new Promise<ComponentType>((resolve) => (arrive = resolve)));
    await act(async () => {
      hydrateRoot(container, <View />);
    });
    // The code is not there: the served form stays, not a blank card.
    expect(container.querySelector('button')).toBe(served);
    expect(container.querySelector('input[name="email"]')).not.toBeNull();

    await act(async () => arrive(SignInForm));
    // Hydrated in place: the same element, now with its handler.
    expect(container.querySelector('button')).toBe(served);
    fireEvent.click(served);
    expect(served.textContent).toBe('Signing in');
    container.remove();
  });
});
