// Page object: /cleanings as the cleaner's phone list.
import { expect, type Locator, type Page } from '@playwright/test';

export class CleaningsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/cleanings');
    await expect(this.page.getByRole('heading', { name: 'My cleanings' })).toBeVisible();
  }

  /** The card of a unit's cleaning on a day (YYYY-MM-DD), as the list labels it. */
  card(unit: string, date: string, status?: string): Locator {
    const day = new Intl.DateTimeFormat('en', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    const card = this.page.getByRole('article', { name: `Cleaning of ${unit} on ${day}` });
    return status ? card.and(this.page.locator(`[data-status="${status}"]`)) : card;
  }
}
