// The guest form kit on a server-rendered page: what a guest types before the page has hydrated
// (the guest pages hydrate in slices, so on a slow phone that can happen) is kept by the form and
// sent, not silently dropped or wiped by the next render.
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outsideAct, RightAfterCommit } from '@/test/reactOutsideAct';
import { createTestI18n } from '@/test/render';
import { TextArea, TextField, useGuestForm } from './formKit';

/** The schema is not needed here: validation is not what these tests are about. */
const noSchema = () => new Promise<never>(() => undefined);

function GuestForm() {
  const form = useGuestForm(noSchema, { name: '', note: '', city: 'Budapest' });
  return (
    <form>
      <TextField name="name" label="Name" form={form} />
      <TextField name="city" label="City" form={form} />
      <TextArea name="note" label="Note" form={form} />
      <output data-testid="values">{JSON.stringify(form.values)}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

async function hydrate(typeBeforeHydration: (container: HTMLElement) => void): Promise<HTMLElement> {
  const i18n = createTestI18n('en');
  const tree = (
    <I18nextProvider i18n={i18n}>
      <GuestForm />
    </I18nextProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.appendChild(container);
  typeBeforeHydration(container);
  await act(async () => {
    root = hydrateRoot(container, tree);
  });
  return container;
}

const field = (container: HTMLElement, id: string) => container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${id}`)!;
const values = (container: HTMLElement) => JSON.parse(container.querySelector('[data-testid="values"]')!.textContent ?? '{}') as Record<string, string>;

describe('guest form fields on a server-rendered page', () => {
  it('keep what the guest typed before the page hydrated', async () => {
    const container = await hydrate((c) => {
      field(c, 'f-name').value = 'Anna Kovács';
      field(c, 'f-note').value = 'Late arrival';
    });
    expect(values(container)).toEqual({ name: 'Anna Kovács', note: 'Late arrival', city: 'Budapest' });
    expect(field(container, 'f-name').value).toBe('Anna Kovács');
    expect(field(container, 'f-note').value).toBe('Late arrival');
  });

  it('keep the server values of fields the guest did not touch', async () => {
    const container = await hydrate(() => undefined);
    expect(values(container)).toEqual({ name: '', note: '', city: 'Budapest' });
    expect(field(container, 'f-city').value).toBe('Budapest');
  });

  // A press held while a slice's code loaded (src/lib/unhydratedPresses.ts) is pressed again once
  // the slice has hydrated, which can be after that hydration committed and before React's passive
  // effects ran (in a later task): the form's handlers then must already have what was typed.
  it('have what was typed when a button is pressed right after the hydration committed', async () => {
    const pressed = vi.fn();
    function SendForm() {
      const form = useGuestForm(noSchema, { name: '' });
      return (
        <form>
          <TextField name="name" label="Name" form={form} />
          <button type="button" onClick={() => pressed(form.values)}>
            Send
          </button>
        </form>
      );
    }
    const tree = (
      <I18nextProvider i18n={createTestI18n('en')}>
        <SendForm />
        <RightAfterCommit run={() => document.querySelector('button')!.click()} />
      </I18nextProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    field(container, 'f-name').value = 'Anna Kovács';
    await outsideAct(async () => {
      root = hydrateRoot(container, tree);
      await vi.waitFor(() => expect(pressed).toHaveBeenCalled());
    });
    expect(pressed).toHaveBeenCalledWith({ name: 'Anna Kovács' });
  });
});
