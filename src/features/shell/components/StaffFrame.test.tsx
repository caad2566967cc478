import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { PageHeadingContext } from './PageSkeleton';
import { StaffFrame } from './StaffFrame';

describe('StaffFrame', () => {
  it('sends a signed-out visitor to sign-in and back to the page afterwards', async () => {
    const { router } = renderWithProviders(<StaffFrame>secret page</StaffFrame>, { router: { pathname: '/account/tokens', asPath: '/account/tokens' } });
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/sign-in?redirectTo=%2Faccount%2Ftokens'));
    expect(screen.queryByText('secret page')).toBeNull();
  });

  it("draws the page's heading over a loading skeleton until the session is known, not the page", () => {
    renderWithProviders(
      <PageHeadingContext.Provider value="accommodation:list.title">
        <StaffFrame>property list</StaffFrame>
      </PageHeadingContext.Provider>,
      { locale: 'hu' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Szálláshelyek' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Betöltés…' })).toBeTruthy();
    expect(screen.queryByText('property list')).toBeNull();
  });

  it('shows the landing instead when the page has one', async () => {
    const { router } = renderWithProviders(<StaffFrame signedOut={<p>welcome visitor</p>}>dashboard</StaffFrame>);
    expect(await screen.findByText('welcome visitor')).toBeTruthy();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('frames the page for a signed-in user and refuses an area outside their role', async () => {
    const { nhost } = renderWithProviders(<StaffFrame area="accommodations">property list</StaffFrame>);
    nhost.auth.client.interpreter?.send('SESSION_UPDATE', {
      data: { session: { accessToken: 'a.b.c', accessTokenExpiresIn: 900, refreshToken: 'r', user: { id: 'u', displayName: 'Cecília Cleaner', defaultRole: 'cleaner', roles: ['cleaner', 'user'] } } },
    });
    expect(await screen.findByText('Not for your role')).toBeTruthy();
    expect(screen.queryByText('property list')).toBeNull();
  });

  it("commits the shell first and the page in a commit of its own, each a shorter task", async () => {
    // What each commit put on screen: the shell's navigation, the page.
    const commits: { shell: boolean; page: boolean }[] = [];
    const { nhost } = renderWithProviders(
      <Profiler id="frame" onRender={() => commits.push({ shell: Boolean(document.querySelector('nav')), page: Boolean(screen.queryByText('property list')) })}>
        <StaffFrame area="accommodations">property list</StaffFrame>
      </Profiler>,
    );
    nhost.auth.client.interpreter?.send('SESSION_UPDATE', {
      data: { session: { accessToken: 'a.b.c', accessTokenExpiresIn: 900, refreshToken: 'r', user: { id: 'u', displayName: 'Paula Manager', defaultRole: 'manager', roles: ['manager', 'user'] } } },
    });
    expect(await screen.findByText('property list')).toBeTruthy();
    const firstWithShell = commits.findIndex((c) => c.shell);
    expect(commits[firstWithShell]).toEqual({ shell: true, page: false });
    expect(screen.getByRole('navigation')).toBeTruthy();
  });
});
