// A light text field on a server-rendered account screen: what is typed before the page has
// hydrated (the account screens hydrate in the background, and a press of the submit button made
// meanwhile is replayed once React runs, src/lib/earlyTaps.ts) is in the form when it is sent.
import { act } from '@testing-library/react';
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outsideAct, RightAfterCommit } from '@/test/reactOutsideAct';
import { createTestI18n } from '@/test/render';
import { LightTextField } from './LightTextField';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** Fields must not be empty, as the sign-in form's schema says. */
const required = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).flatMap(([name, value]) => (value ? [] : [[name, 'Required']])));

/**
 * A sign-in form rendered on the server with an e-mail and password typed into it before it
 * hydrates; `after` goes into the form after its button.
 */
function servedSignInForm(onSubmit: (values: unknown) => void, after: ReactNode = null) {
  const tree = (
    <I18nextProvider i18n={createTestI18n('en')}>
      <Formik initialValues={{ email: '', password: '' }} validate={required} onSubmit={(values) => onSubmit(values)}>
        <Form>
          <LightTextField name="email" label="Email" type="email" />
          <LightTextField name="password" label="Password" type="password" />
          <button type="submit">Sign in</button>
          {after}
        </Form>
      </Formik>
    </I18nextProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  container.querySelector<HTMLInputElement>('#email')!.value = 'anna@example.test';
  container.querySelector<HTMLInputElement>('#password')!.value = 'secret';
  return { tree, container };
}

describe('LightTextField on a server-rendered page', () => {
  it('hands what was typed before hydration to the form, which sends it', async () => {
    const onSubmit = vi.fn();
    const { tree, container } = servedSignInForm(onSubmit);
    await act(async () => {
      root = hydrateRoot(container, tree);
    });
    expect(container.querySelector<HTMLInputElement>('#email')!.value).toBe('anna@example.test');
    await act(async () => container.querySelector('button')!.click());
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'anna@example.test', password: 'secret' }));
  });

  // A press held while the view's code loaded (src/lib/unhydratedPresses.ts) is pressed again when
  // the view has hydrated in the background, which can be after that hydration committed but before
  // its passive effects ran (React runs them in a later task). The form then had nothing typed and
  // answered "Required" under both filled fields (seen in CI on /sign-in).
  it('sends what was typed when the submit button is pressed right after the hydration committed', async () => {
    const onSubmit = vi.fn();
    const { tree, container } = servedSignInForm(onSubmit, <RightAfterCommit run={() => document.querySelector('button')!.click()} />);
    await outsideAct(async () => {
      root = hydrateRoot(container, tree);
      await vi.waitFor(() => expect(onSubmit.mock.calls.length + Number(container.textContent?.includes('Required'))).toBeGreaterThan(0));
    });
    expect(onSubmit).toHaveBeenCalledWith({ email: 'anna@example.test', password: 'secret' });
    expect(container.textContent).not.toContain('Required');
  });
});
