// Signing in and out against the real auth service: password, MFA, sign-up, redirect errors,
// guarded routes, language and cross-tab sign-out.
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { AppShellPage } from './pages/AppShellPage';
import { DEMO_PASSWORD, SignInPage, demoEmail } from './pages/SignInPage';
import { signInAs } from './pages/session';
import { SignUpPage } from './pages/SignUpPage';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.staydesk.test`;

test('the sign-in tabs stay where the server drew them when the page starts, so a tap during start-up lands', async ({ browser, page, baseURL }) => {
  const tabPositions = (p: Page) => p.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => Math.round(t.getBoundingClientRect().x)));
  const served = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  const asServed = await served.newPage();
  await asServed.goto(new URL('/hu/sign-in', baseURL).href);
  const before = await tabPositions(asServed);
  await served.close();
  await page.goto('/hu/sign-in');
  // Hydrated: React has attached itself to the tabs.
  await expect.poll(() => page.getByRole('tab').last().evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')))).toBe(true);
  expect(before).toHaveLength(5);
  expect(await tabPositions(page)).toEqual(before);
});

test('a demo manager signs in with a password, sees their navigation, switches to Hungarian and signs out', async ({ page }) => {
  const signIn = new SignInPage(page);
  const shell = new AppShellPage(page);
  await signIn.goto();
  await signIn.signInWithPassword(demoEmail('manager'), DEMO_PASSWORD);
  await shell.expectSignedInAs('Miklós Manager');
  await expect(page).toHaveTitle('Home · Staydesk');
  expect(await shell.navigationLabels()).toEqual(['Home', 'Calendar', 'Bookings', 'Inbox', 'Tasks', 'Cleanings', 'Accommodations', 'Price rules', 'Snippets', 'NTAK', 'VIZA', 'Account']);

  await shell.switchLanguage('Magyar');
  await expect(page).toHaveURL(/\/hu$/);
  await expect(page.getByTestId('current-role')).toHaveText('Szerepkör: Ingatlankezelő');
  expect(await shell.navigationLabels('Fő navigáció')).toEqual(['Kezdőlap', 'Naptár', 'Foglalások', 'Üzenetek', 'Feladatok', 'Takarítások', 'Szálláshelyek', 'Árszabályok', 'Sablonválaszok', 'NTAK', 'VIZA', 'Fiók']);

  await shell.signOut('Felhasználói menü megnyitása', 'Kijelentkezés');
  await expect(page.getByRole('heading', { name: 'Bejelentkezés' })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount$/);
});

test('a wrong password is refused with a clear message', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signInWithPassword(demoEmail('cleaner'), 'not-the-password');
  await expect(signIn.error()).toHaveText('Invalid email or password');
});

test('a staff page asked for without a session is answered on the server by a redirect to sign-in, in its language', async ({ request, baseURL }) => {
  const location = async (path: string, headers: Record<string, string> = {}) => {
    const res = await request.get(path, { maxRedirects: 0, headers });
    expect(res.status(), path).toBe(307);
    // Next sends a same-site Location as a path.
    const to = new URL(res.headers().location, baseURL);
    expect(to.origin).toBe(new URL(baseURL ?? '').origin);
    return to.pathname + to.search;
  };
  // The staff page's document is never served: no second document, no staff scripts, before sign-in.
  expect(await location('/accommodations')).toBe('/sign-in?redirectTo=%2Faccommodations');
  expect(await location('/hu/bookings/sync?tab=2')).toBe('/hu/sign-in?redirectTo=%2Fbookings%2Fsync%3Ftab%3D2');
  expect(await location('/account', { cookie: 'nhostRefreshToken=null' })).toBe('/sign-in?redirectTo=%2Faccount');
  // A magic link or provider sign-in landing on the page with its token is served the page.
  expect((await request.get('/account?refreshToken=abc', { maxRedirects: 0 })).status()).toBe(200);
});

test('a client-side navigation to sign-in with a stored session gets the page, not a redirect (a stale session must not loop)', async ({ request }) => {
  const html = await (await request.get('/sign-in')).text();
  const buildId = /"buildId":"([^"]+)"/.exec(html)?.[1];
  expect(buildId).toBeTruthy();
  // What Next's router fetches on a client-side navigation (a staff page that found the session stale).
  const res = await request.get(`/_next/data/${buildId}/en/sign-in.json?redirectTo=%2Faccount`, {
    maxRedirects: 0,
    headers: { 'x-nextjs-data': '1', cookie: 'nhostRefreshToken=1b0a3f43-4bbf-4d55-9a38-2c4b8a3f0d11' },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['x-nextjs-redirect']).toBeUndefined();
  // The document itself is redirected (what makes the rule above matter).
  const document = await request.get('/sign-in?redirectTo=%2Faccount', { maxRedirects: 0, headers: { cookie: 'nhostRefreshToken=1b0a3f43-4bbf-4d55-9a38-2c4b8a3f0d11' } });
  expect(document.status()).toBe(307);
});

test('a guarded page sends the visitor to sign-in and back afterwards', async ({ page }) => {
  await page.goto('/account/tokens');
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount%2Ftokens$/);
  await new SignInPage(page).signInWithPassword(demoEmail('owner'), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/account\/tokens$/);
  await expect(page.getByRole('heading', { name: 'Personal access tokens', level: 1 })).toBeVisible();
});

/** Each document the page loads, as "<status> <path>": a redirect's first answer shows as its 307. */
function recordDocuments(page: Page): string[] {
  const documents: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document') documents.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return documents;
}

test('a visitor who is signed in and opens sign-in goes straight on, without loading the sign-in screen', async ({ page, context }) => {
  await signInAs(context, 'owner');
  const documents = recordDocuments(page);
  await page.goto('/hu/sign-in?redirectTo=%2Faccount%2Ftokens');
  await expect(page).toHaveURL(/\/hu\/account\/tokens$/);
  await expect(page.getByRole('heading', { name: 'Személyes hozzáférési tokenek', level: 1 })).toBeVisible();
  // The server answered sign-in with a redirect: sign-in's document was never served.
  expect(documents).toEqual(['307 /hu/sign-in', '200 /hu/account/tokens']);
});

test('a visitor who is signed in and opens sign-in without a destination lands on the home page', async ({ page, context }) => {
  await signInAs(context, 'manager');
  const documents = recordDocuments(page);
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByTestId('current-role')).toBeVisible();
  expect(documents).toEqual(['307 /sign-in', '200 /']);
});

test('a stale stored session on opening sign-in ends on the form once, which signs in', async ({ page, context }) => {
  // A refresh token the auth service does not know (revoked elsewhere, or a reset database).
  await context.addCookies([{ name: 'nhostRefreshToken', value: '1b0a3f43-4bbf-4d55-9a38-2c4b8a3f0d11', domain: 'localhost', path: '/', sameSite: 'Lax' }]);
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    // A page's own history updates (Next's router on hydration) repeat its path: counted once.
    const path = new URL(frame.url()).pathname;
    if (frame === page.mainFrame() && visited.at(-1) !== path) visited.push(path);
  });
  const documents = recordDocuments(page);
  await page.goto('/sign-in?redirectTo=%2Faccount');
  // The server sends the visitor on to the page (the cookie says signed in); the page finds the
  // session stale and sends them back by a client-side navigation, which neither the server (a data
  // request) nor the head script may bounce again. On a fast machine all of it is over before goto
  // returns, so the path is recorded.
  await expect.poll(() => visited.join(' ')).toMatch(/^\/account \/sign-in$/);
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  expect(visited.join(' ')).toBe('/account /sign-in');
  expect(documents).toEqual(['307 /sign-in', '200 /account']);
  await new SignInPage(page).signInWithPassword(demoEmail('owner'), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
});

test('an error sent back by a redirect sign-in is shown', async ({ page }) => {
  await page.goto('/sign-in?error=invalid-ticket&errorDescription=The%20link%20has%20expired');
  await expect(new SignInPage(page).error()).toHaveText('Sign-in failed: The link has expired');
  await page.goto('/sign-in?error=x&errorDescription=social%20user%20already%20exists');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(new SignInPage(page).error()).toHaveCount(0);
});

test('sign-up checks the form in the browser, then creates the account', async ({ page }) => {
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.submit();
  await expect(page.getByText('Required')).toHaveCount(4);
  await signUp.fill({ name: 'A', email: 'nope', password: 'abc', confirm: 'abd' });
  await signUp.submit();
  await expect(page.getByText('The name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Minimum 8 characters')).toBeVisible();
  await expect(page.getByText('The passwords do not match')).toBeVisible();

  await signUp.fill({ name: 'Eszter Új', email: uniqueEmail('signup'), password: 'a-long-password', confirm: 'a-long-password' });
  await signUp.submit();
  // The demo backend does not require e-mail verification: the new user is signed in, with no role yet.
  await expect(page.getByRole('heading', { name: 'Welcome, Eszter Új' })).toBeVisible();
  await expect(page.getByTestId('current-role')).toHaveText('Your role: No role yet');
  expect(await new AppShellPage(page).navigationLabels()).toEqual(['Home', 'Account']);
});

async function signUpFresh(page: Page, email: string, password: string): Promise<void> {
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.fill({ name: 'Mfa Tester', email, password, confirm: password });
  await signUp.submit();
  await expect(page.getByRole('heading', { name: 'Welcome, Mfa Tester' })).toBeVisible();
}

test('a user turns on two-step sign-in and then signs in with a code', async ({ page }) => {
  const email = uniqueEmail('mfa');
  const password = 'a-long-password';
  await signUpFresh(page, email, password);

  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).not.toBe('');
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-step sign-in is on.')).toBeVisible();

  const shell = new AppShellPage(page);
  await shell.signOut();
  const signIn = new SignInPage(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signIn.signInWithPassword(email, password);
  await signIn.enterMfaCode(await generate({ secret }));
  await expect(page.getByRole('heading', { name: 'Welcome, Mfa Tester' })).toBeVisible();
});

test('signing out in one tab signs out the other', async ({ context }) => {
  const first = await context.newPage();
  const signIn = new SignInPage(first);
  await signIn.goto();
  await signIn.signInWithPassword(demoEmail('admin'), DEMO_PASSWORD);
  await new AppShellPage(first).expectSignedInAs('Ádám Admin');

  const second = await context.newPage();
  await second.goto('/account');
  await expect(second.getByRole('heading', { name: 'Account' })).toBeVisible();

  await new AppShellPage(first).signOut();
  await expect(first.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(second).toHaveURL(/\/sign-in\?redirectTo=%2Faccount$/);
});
