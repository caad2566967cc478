import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ServerError } from '@apollo/client/errors';
import { renderWithProviders } from '@/test/render';
import { useDataErrorMessage } from './useDataErrorMessage';

function Message({ error }: { error: unknown }) {
  const describe = useDataErrorMessage();
  return <p>{describe(error)}</p>;
}

describe('useDataErrorMessage', () => {
  it('says what went wrong with the data service, in the user language', () => {
    const error = new ServerError('Response not successful: Received status code 503', { response: new Response('', { status: 503 }), bodyText: '' });
    renderWithProviders(<Message error={error} />);
    expect(screen.getByText('The server answered with an error (status 503).')).toBeTruthy();
  });

  it('reports a network failure in Hungarian', () => {
    renderWithProviders(<Message error={new TypeError('Failed to fetch')} />, { locale: 'hu' });
    expect(screen.getByText('Hálózati hiba: a szerver nem érhető el')).toBeTruthy();
  });
});
