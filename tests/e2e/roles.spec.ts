// Every demo role, once signed in, gets its own navigation.
import { expect, test } from '@playwright/test';
import { AppShellPage } from './pages/AppShellPage';
import { signInAs } from './pages/session';

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
  test(`${role} sees the ${label} navigation`, async ({ page }) => {
    await signInAs(page.context(), role);
    await page.goto('/');
    await expect(page.getByTestId('current-role')).toHaveText(`Your role: ${label}`);
    expect(await new AppShellPage(page).navigationLabels()).toEqual(nav);
  });
}
