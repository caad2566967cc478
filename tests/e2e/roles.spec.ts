// Every demo role, once signed in, gets its own navigation.
// The eight roles share one browser context, emptied before each (cookies, where the session lives,
// and the origin's storage) but keeping the HTTP cache, so the app's scripts come compiled from it:
// a fresh context per role paid a cold start of the app eight times. A session left from the role
// before would show that role's name and navigation, which each test checks.
import { devices, expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { AppShellPage } from './pages/AppShellPage';
import { signInAs } from './pages/session';

const test = base.extend<{ rolePage: Page }, { roleContext: BrowserContext }>({
  roleContext: [
    async ({ browser }, provide, workerInfo) => {
      const context = await browser.newContext({ ...devices['Desktop Chrome'], baseURL: workerInfo.project.use.baseURL });
      await provide(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  rolePage: async ({ roleContext, baseURL }, provide) => {
    await roleContext.clearCookies();
    const page = await roleContext.newPage();
    const cdp = await roleContext.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL ?? '').origin, storageTypes: 'local_storage,session_storage,indexeddb,service_workers,cache_storage' });
    await cdp.detach();
    await provide(page);
    await page.close();
  },
});

const ROLES: { role: string; label: string; nav: string[] }[] = [
  { role: 'admin', label: 'Administrator', nav: ['Home', 'Calendar', 'Bookings', 'Inbox', 'Tasks', 'Cleanings', 'Accommodations', 'Price rules', 'Snippets', 'NTAK', 'VIZA', 'Account'] },
  { role: 'communicator', label: 'Communicator', nav: ['Home', 'Calendar', 'Bookings', 'Inbox', 'Tasks', 'Cleanings', 'Accommodations', 'Price rules', 'Snippets', 'NTAK', 'VIZA', 'Account'] },
  { role: 'member', label: 'Member', nav: ['Home', 'Calendar', 'Bookings', 'Inbox', 'Tasks', 'Cleanings', 'Accommodations', 'Price rules', 'Snippets', 'NTAK', 'VIZA', 'Account'] },
  { role: 'inspector', label: 'Inspector', nav: ['Home', 'Account'] },
  { role: 'manager', label: 'Property manager', nav: ['Home', 'Calendar', 'Bookings', 'Inbox', 'Tasks', 'Cleanings', 'Accommodations', 'Price rules', 'Snippets', 'NTAK', 'VIZA', 'Account'] },
  { role: 'cleaner', label: 'Cleaner', nav: ['Home', 'Calendar', 'Cleanings', 'Account'] },
  { role: 'owner', label: 'Owner', nav: ['Home', 'Calendar', 'Accommodations', 'Account'] },
  { role: 'contractor', label: 'Contractor', nav: ['Home', 'Account'] },
];

for (const { role, label, nav } of ROLES) {
  test(`${role} sees the ${label} navigation`, async ({ rolePage: page }) => {
    await signInAs(page.context(), role);
    await page.goto('/');
    await expect(page.getByTestId('current-role')).toHaveText(`Your role: ${label}`);
    expect(await new AppShellPage(page).navigationLabels()).toEqual(nav);
  });
}
