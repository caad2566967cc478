import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../testing';
import { ImagesTab, moveItem } from './ImagesTab';

const images = [
  { fileId: 'f1', thumbnailUrl: 'http://storage/f1?w=400' },
  { fileId: 'f2', thumbnailUrl: 'http://storage/f2?w=400' },
  { fileId: 'f3', thumbnailUrl: null },
];

describe('ImagesTab', () => {
  it('moves items', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
  });

  it('uploads JPG, PNG and WebP and refuses other files by name', () => {
    const onUpload = vi.fn().mockResolvedValue(undefined);
    renderWithI18n(<ImagesTab images={[]} onUpload={onUpload} onReorder={vi.fn()} onDelete={vi.fn()} />);
    const png = new File(['x'], 'flat.png', { type: 'image/png' });
    const gif = new File(['x'], 'party.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByLabelText('Choose images'), { target: { files: [png, gif] } });
    expect(onUpload).toHaveBeenCalledWith([png]);
    expect(screen.getByText('Only JPG, PNG and WebP images can be uploaded: party.gif')).toBeTruthy();
  });

  it('reorders, picks the cover and deletes', async () => {
    const user = userEvent.setup({ delay: null });
    const onReorder = vi.fn().mockResolvedValue(undefined);
    const onDelete = vi.fn().mockResolvedValue(undefined);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithI18n(<ImagesTab images={images} onUpload={vi.fn()} onReorder={onReorder} onDelete={onDelete} />);
    expect(screen.getByRole('img', { name: 'Image 1' }).getAttribute('src')).toBe('http://storage/f1?w=400');
    expect(screen.getAllByText('Cover')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Make image 3 the cover' }));
    expect(onReorder).toHaveBeenLastCalledWith(['f3', 'f1', 'f2']);
    await user.click(screen.getByRole('button', { name: 'Move image 1 later' }));
    expect(onReorder).toHaveBeenLastCalledWith(['f2', 'f1', 'f3']);
    expect((screen.getByRole('button', { name: 'Move image 1 earlier' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete image 2' }));
    expect(onDelete).toHaveBeenCalledWith('f2');
  });

  it('reorders by dragging an image onto another, and ignores drops of anything else', () => {
    const onReorder = vi.fn().mockResolvedValue(undefined);
    renderWithI18n(<ImagesTab images={images} onUpload={vi.fn()} onReorder={onReorder} onDelete={vi.fn()} />);
    expect(screen.getByText('Drag an image onto another to move it there, or use the buttons.')).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items.every((item) => item.getAttribute('draggable') === 'true')).toBe(true);
    // The third image dropped on the first becomes the cover.
    fireEvent.dragStart(items[2]);
    fireEvent.dragOver(items[0]);
    expect(items[0].style.outline).toContain('dashed');
    fireEvent.drop(items[0]);
    expect(onReorder).toHaveBeenLastCalledWith(['f3', 'f1', 'f2']);
    expect(items[0].style.outline).toBe('');
    // The first dropped on the second moves one place later.
    fireEvent.dragStart(items[0]);
    fireEvent.drop(items[1]);
    expect(onReorder).toHaveBeenLastCalledWith(['f2', 'f1', 'f3']);
    // Dropped on itself, or a drop with no drag from this gallery (a file from the desktop): nothing.
    fireEvent.dragStart(items[1]);
    fireEvent.drop(items[1]);
    fireEvent.drop(items[2]);
    expect(onReorder).toHaveBeenCalledTimes(2);
  });

  it('offers no changes when read-only', () => {
    renderWithI18n(<ImagesTab images={images} readOnly onUpload={vi.fn()} onReorder={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('listitem').some((item) => item.getAttribute('draggable') === 'true')).toBe(false);
  });
});
