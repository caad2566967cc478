// The "message the host" card is server-rendered and hydrates later (its own chunk): a message the
// guest starts typing before that must survive hydration and the re-renders after it, and be sent.
import { act, fireEvent } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outsideAct, RightAfterCommit } from '@/test/reactOutsideAct';
import { createTestI18n } from '@/test/render';
import { callGuest } from './api';
import type { JourneyCardProps } from '@/features/journey/cards';
import { MessageHostCard } from './MessageHostCard';

vi.mock('next/router', () => ({ useRouter: () => ({ locale: 'en' }) }));
vi.mock('./api', () => ({ callGuest: vi.fn() }));

const JOURNEY_ID = '5f0c6d0e-8a47-4c1e-9d7b-2f1a3b4c5d6e';
const sentAt = '2026-11-27T10:00:00.000Z';
/** The card reads only the journey id; the rest of a card's props are not its concern. */
const cardProps = { journeyId: JOURNEY_ID } as JourneyCardProps;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.mocked(callGuest).mockReset();
});

describe('MessageHostCard on a server-rendered journey page', () => {
  it('keeps and sends what the guest typed before the card hydrated', async () => {
    const calls = vi.mocked(callGuest);
    calls.mockImplementation(async (contract, body) => {
      if ('body' in (body as object)) return { ok: true, value: { message: { id: 'm2', direction: 'incoming', body: (body as { body: string }).body, sentAt } } } as never;
      return { ok: true, value: { messages: [{ id: 'm1', direction: 'outgoing', body: 'Welcome!', sentAt }] } } as never;
    });
    const tree = (
      <I18nextProvider i18n={createTestI18n('en')}>
        <MessageHostCard {...cardProps} />
      </I18nextProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    container.querySelector('textarea')!.value = 'We arrive at 23:00';

    await act(async () => {
      root = hydrateRoot(container, tree);
    });
    // The conversation loaded (a re-render) and the typed text is still there.
    expect(container.textContent).toContain('Welcome!');
    expect(container.querySelector('textarea')!.value).toBe('We arrive at 23:00');

    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    expect(calls).toHaveBeenLastCalledWith(expect.anything(), { journeyId: JOURNEY_ID, body: 'We arrive at 23:00' });
    expect(container.textContent).toContain('We arrive at 23:00');
    expect(container.querySelector('textarea')!.value).toBe('');
  });

  // A press held while the card's code loaded (src/lib/unhydratedPresses.ts) is pressed again once
  // the card has hydrated, possibly before React's passive effects ran (a later task).
  it('sends what was typed when "Send" is pressed right after the hydration committed', async () => {
    const calls = vi.mocked(callGuest);
    calls.mockImplementation(async (contract, body) => {
      if ('body' in (body as object)) return { ok: true, value: { message: { id: 'm2', direction: 'incoming', body: (body as { body: string }).body, sentAt } } } as never;
      return { ok: true, value: { messages: [] } } as never;
    });
    const tree = (
      <I18nextProvider i18n={createTestI18n('en')}>
        <MessageHostCard {...cardProps} />
        <RightAfterCommit run={() => document.querySelector('form')!.requestSubmit()} />
      </I18nextProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.appendChild(container);
    container.querySelector('textarea')!.value = 'We arrive at 23:00';
    await outsideAct(async () => {
      root = hydrateRoot(container, tree);
      await vi.waitFor(() => expect(container.textContent).toContain('We arrive at 23:00'));
    });
    expect(calls).toHaveBeenCalledWith(expect.anything(), { journeyId: JOURNEY_ID, body: 'We arrive at 23:00' });
  });
});
