import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import type { TaskFragment } from '../graphql/fragments.generated';
import { TaskForm } from './TaskForm';
import { TaskList } from './TaskList';

const task = (over: Partial<TaskFragment>): TaskFragment => ({
  id: 't1', type: 'todo', title: 'Fix the tap', description: null, completed: false, completed_at: null, due_date: '2026-11-20',
  unit_id: 'u1', booking_id: null, thread_id: null, cleaning_id: null, assigned_user_id: null, created_at: '2026-11-01T10:00:00Z',
  unit: { id: 'u1', name: 'Loft A' }, ...over,
});

describe('TaskForm', () => {
  it('offers only the types people create, needs a title, and saves the cast values', async () => {
    const user = userEvent.setup({ delay: null });
    const onSave = vi.fn().mockResolvedValue(null);
    renderWithProviders(<TaskForm people={{ p1: 'Kiss Péter' }} onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Say what is to be done')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['To-do', 'Note', 'Cleaning']);
    await user.click(screen.getByRole('option', { name: 'Note' }));
    await user.click(screen.getByLabelText('Task'));
    await user.paste('  Call the plumber ');
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ type: 'note', title: 'Call the plumber', description: '', dueDate: '2026-12-01', assignedUserId: null }));
  });
});

describe('TaskList', () => {
  it('marks overdue open tasks, completes and reopens', async () => {
    const onComplete = vi.fn();
    renderWithProviders(
      <TaskList
        tasks={[task({}), task({ id: 't2', title: 'Reply to Anna', type: 'needsreply', completed: true, due_date: '2026-11-01' })]}
        people={{}}
        today="2026-11-25"
        onComplete={onComplete}
        onAssign={vi.fn()}
        onReschedule={vi.fn()}
      />,
    );
    expect(screen.getAllByText('Overdue')).toHaveLength(1);
    expect(screen.getByText('Needs reply')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Complete “Fix the tap”' }));
    expect(onComplete).toHaveBeenCalledWith('t1', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reopen “Reply to Anna”' }));
    expect(onComplete).toHaveBeenCalledWith('t2', false);
  });
});
