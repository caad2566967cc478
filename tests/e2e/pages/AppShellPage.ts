// Page object: the signed-in frame (navigation, language switch, user menu).
import { expect, type Page } from '@playwright/test';

export class AppShellPage {
  constructor(readonly page: Page) {}

  navigation(name = 'Main navigation') {
    // The permanent drawer on desktop widths.
    return this.page.getByRole('navigation', { name }).first();
  }

  async navigationLabels(name?: string): Promise<string[]> {
    const links = this.navigation(name).getByRole('link');
    await expect(links.first()).toBeVisible();
    // The label only: a link may also carry a live count (the inbox's unread badge).
    return links.evaluateAll((elements) =>
      elements.map((link) => {
        const copy = link.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[role="status"]').forEach((badge) => badge.remove());
        return (copy.textContent ?? '').trim();
      }),
    );
  }

  async expectSignedInAs(displayName: string): Promise<void> {
    await expect(this.page.getByRole('heading', { name: new RegExp(displayName) })).toBeVisible();
  }

  async switchLanguage(label: 'English' | 'Magyar'): Promise<void> {
    await this.page.getByRole('button', { name: label }).click();
  }

  async signOut(menuLabel = 'Open the user menu', itemLabel = 'Sign out'): Promise<void> {
    await this.page.getByRole('button', { name: menuLabel }).click();
    await this.page.getByRole('menuitem', { name: itemLabel }).click();
  }
}
