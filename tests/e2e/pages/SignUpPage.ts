// Page object: the sign-up screen.
import { expect, type Page } from '@playwright/test';

export class SignUpPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/sign-up');
    await expect(this.page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  }

  async fill(values: { name: string; email: string; password: string; confirm: string }): Promise<void> {
    await this.page.getByLabel('Name').fill(values.name);
    await this.page.getByLabel('Email').fill(values.email);
    await this.page.getByRole('textbox', { name: 'Password', exact: true }).fill(values.password);
    await this.page.getByLabel('Confirm password').fill(values.confirm);
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}
