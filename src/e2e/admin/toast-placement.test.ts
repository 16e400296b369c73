import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { logIn, openTab, toasts } from './admin-helpers.js';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** Saves the open draft from the keyboard and returns the toast's box once it has settled. */
async function saveDraftAndMeasureToast(page: Page): Promise<Box> {
  await page.getByRole('button', { name: 'Save draft' }).focus();
  await page.keyboard.press('Enter');
  const toast = toasts(page).getByRole('status');
  await toast.getByText('Draft saved', { exact: true }).waitFor();
  await page.waitForTimeout(300); // the toast's 220 ms entrance
  const box = await boxOf(toast);
  return box;
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
    const toastBox = await saveDraftAndMeasureToast(page);
    expect(overlaps(toastBox, await boxOf(send))).toBe(false);
    expect(overlaps(toastBox, await boxOf(page.getByRole('button', { name: 'Save draft' })))).toBe(false);
  });
});
