import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { renderWithProviders } from '@/test/render';
import { Composer } from './Composer';

describe('Composer', () => {
  it('inserts a rendered snippet, sends the reply and clears the box', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi.fn().mockResolvedValue(null);
    const renderSnippet = vi.fn().mockReturnValue({ text: 'Hi Zoe, check-in is from 15:00.' });
    renderWithProviders(<Composer snippetNames={['Check-in instructions']} renderSnippet={renderSnippet} onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Write a reply to the guest' });
    await user.type(box, 'Hello!');
    await user.click(screen.getByRole('button', { name: 'Insert snippet' }));
    await user.click(screen.getByRole('menuitem', { name: 'Check-in instructions' }));
    expect(renderSnippet).toHaveBeenCalledWith('Check-in instructions');
    expect(box).toHaveProperty('value', 'Hello!\n\nHi Zoe, check-in is from 15:00.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('outgoing', 'Hello!\n\nHi Zoe, check-in is from 15:00.'));
    await waitFor(() => expect(box).toHaveProperty('value', ''));
  });

  it('shows a render error naming the snippet and leaves the text alone', async () => {
    const user = userEvent.setup({ delay: null });
    const shown = vi.spyOn(toast, 'error');
    renderWithProviders(<Composer snippetNames={['Door code']} renderSnippet={() => ({ error: 'Error rendering Door code: no value for {{key.door-code}}' })} onSend={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Insert snippet' }));
    await user.click(screen.getByRole('menuitem', { name: 'Door code' }));
    expect(shown).toHaveBeenCalledWith('Error rendering Door code: no value for {{key.door-code}}');
    expect(screen.getByRole('textbox', { name: 'Write a reply to the guest' })).toHaveProperty('value', '');
    shown.mockRestore();
  });

  it('writes internal notes without snippets, refuses empty and over-long text, and keeps the text when sending fails', async () => {
    const user = userEvent.setup({ delay: null });
    const onSend = vi.fn().mockResolvedValue('failed');
    renderWithProviders(<Composer snippetNames={[]} renderSnippet={vi.fn()} onSend={onSend} />);
    await user.click(screen.getByRole('tab', { name: 'Internal note' }));
    expect(screen.getByRole('button', { name: 'Insert snippet' })).toHaveProperty('disabled', true);
    const add = screen.getByRole('button', { name: 'Add note' });
    expect(add).toHaveProperty('disabled', true);
    const box = screen.getByRole('textbox', { name: 'Write a note only the team sees' });
    await user.click(box);
    await user.paste('x'.repeat(20_001));
    expect(screen.getByText('At most 20000 characters')).toBeTruthy();
    expect(add).toHaveProperty('disabled', true);
    await user.clear(box);
    await user.type(box, 'VIP, upgrade if free');
    await user.click(add);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('internal', 'VIP, upgrade if free'));
    expect(box).toHaveProperty('value', 'VIP, upgrade if free');
  });
});
