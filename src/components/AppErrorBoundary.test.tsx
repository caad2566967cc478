import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { AppErrorBoundary } from './AppErrorBoundary';

function Broken(): never {
  throw new Error('boom');
}

describe('AppErrorBoundary', () => {
  it('replaces a page that fails to render with a translated message', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
      { locale: 'hu' },
    );
    expect(screen.getByRole('heading', { name: 'Valami hiba történt' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ugrás a kezdőlapra' }).getAttribute('href')).toBe('/');
    spy.mockRestore();
  });
});
