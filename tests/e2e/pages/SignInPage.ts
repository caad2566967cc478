// Page object: the sign-in screen.
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'staydesk-demo';
export const demoEmail = (role: string) => `${role}@demo.staydesk.test`;

export class SignInPage {
  constructor(readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/sign-in${query}`);
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signInWithPassword(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async enterMfaCode(code: string): Promise<void> {
    await expect(this.page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await this.page.getByLabel('Code').fill(code);
    await this.page.getByRole('button', { name: 'Verify' }).click();
  }

  /** The screen's error message (Next's route announcer outside <main> is an alert too). */
  error() {
    return this.page.getByRole('main').getByRole('alert');
  }
}

/**
 * Chooses a tab of the sign-in or sign-up screen, straight away: a press while the page starts is
 * held until the tab has hydrated (src/lib/earlyTaps.ts before React starts,
 * src/lib/unhydratedPresses.ts after; first-tap.spec.ts).
 */
export async function chooseTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}
