import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { logIn, openTab, toasts } from './admin-helpers.js';

/**
 * Whether the toast covers the send button or the Save draft button, all three measured in the same frame: after a
 * save the page still moves (the draft joins the list, the preview redraws, the scroll is anchored again) and the
 * Toaster places the toast again on the next frame after each change.
 */
function toastCoversAButton(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const toast = document.querySelector('[role="region"][aria-label="Notifications"] [data-variant]');
    const buttons = [...document.querySelectorAll('button')].filter((button) =>
      /^(Send to \d+ subscribers?|Save draft)$/.test(button.textContent?.trim() ?? ''),
    );
    if (!toast || buttons.length !== 2) throw new Error('the toast or a button is missing');
    const a = toast.getBoundingClientRect();
    return buttons
      .map((button) => button.getBoundingClientRect())
      .some((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
  });
}

/** Saves the open draft from the keyboard and waits for the toast's entrance (220 ms) to end. */
async function saveDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save draft' }).focus();
  await page.keyboard.press('Enter');
  const toast = toasts(page).getByRole('status');
  await toast.getByText('Draft saved', { exact: true }).waitFor();
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

describe('toasts leave the control needed next visible', () => {
  const site = useBrowserSite();

  it.each([
    { width: 1280, height: 720 },
    { width: 375, height: 667 },
  ])('never cover the Mail composer’s send button ($width px)', async (viewport) => {
    const { page } = site;
    await page.setViewportSize(viewport);
    if (viewport.width === 1280) await logIn(page, site);
    else await page.reload();
    await openTab(page, 'Mail');
    await page.getByRole('button', { name: 'New issue' }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill(`Toast check ${viewport.width}`);
    await page.getByRole('textbox', { name: 'Body' }).fill('A line.\nAnother line.');
    const send = page.getByRole('button', { name: /^Send to \d+ subscribers?$/ });
    // The send button where the toast would appear by default: at the bottom of the screen.
    await send.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await saveDraft(page);
    // Once the page has settled (a fixed 300 ms wait measured too early on a busy machine).
    await expect.poll(() => toastCoversAButton(page), { timeout: 3_000 }).toBe(false);
    // The save moved the page: the send button goes back to the bottom of the screen, and the toast moves off it.
    await send.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await expect.poll(() => toastCoversAButton(page), { timeout: 3_000 }).toBe(false);
  });
});
