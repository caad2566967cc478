// Checks that an action raised a toast, whatever the toast's lifetime. A toast closes itself 5 s
// after it shows (TOAST_AUTO_CLOSE_MS); a check that polls for it as a visible element can begin
// after it left when the machine is busy (two workers, a loaded CI): seen in CI as a "Saved" toast
// found only while leaving. The page records every toast added after the action starts, as the
// DOM gets it (a MutationObserver), and the test reads that record instead.
import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    /** The texts of the toasts added since watchToasts() last started, in order. */
    __e2eToasts?: string[];
    __e2eToastObserver?: MutationObserver;
  }
}

/** Starts a fresh record of toasts; toasts already on the page (an earlier save's) are not in it. */
async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__e2eToastObserver?.disconnect();
    const toasts = () => document.querySelectorAll('.Toastify__toast');
    const seen = new WeakSet<Element>(toasts());
    const shown: string[] = [];
    const record = () => {
      for (const toast of toasts()) {
        const text = toast.textContent?.trim() ?? '';
        if (seen.has(toast) || !text) continue;
        seen.add(toast);
        shown.push(text);
      }
    };
    window.__e2eToasts = shown;
    window.__e2eToastObserver = new MutationObserver(record);
    window.__e2eToastObserver.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  });
}

/** Runs `action` and waits until a toast reading exactly `text` has been shown since it started. */
export async function expectToastAfter(page: Page, text: string, action: () => Promise<unknown>): Promise<void> {
  await watchToasts(page);
  await action();
  await expect.poll(() => page.evaluate(() => window.__e2eToasts ?? ['(the page was reloaded: no toast record)']), { message: `a "${text}" toast` }).toContain(text);
}
