import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { pngImage } from '../../server/test-support/images.js';
import type { Site } from '../support/fixture.js';

export const ADMIN_KEY = 'adminKey';

/** The toast region (one toast at a time). */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: 'Notifications' });
}

/**
 * Waits for a toast with this title (and description, when given), then dismisses it so it
 * covers nothing the next step clicks.
 */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const region = toasts(page);
  await region.getByText(title, { exact: true }).waitFor();
  if (description !== undefined) {
    await region.getByText(description, typeof description === 'string' ? { exact: true } : undefined).waitFor();
  }
  await region.getByRole('button', { name: 'Dismiss notification' }).click();
  await region.getByText(title, { exact: true }).waitFor({ state: 'detached' });
}

export async function storedKey(page: Page): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), ADMIN_KEY);
}

export function passwordBox(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Password', exact: true });
}

/** Logs in through the form and waits for the dashboard (Overview, the default tab), then opens Books. */
export async function logIn(page: Page, site: Site, password = site.adminPassword): Promise<void> {
  await page.goto(`${site.baseUrl}/admin`);
  await passwordBox(page)
    .waitFor()
    .catch(async (error: unknown) => {
      throw new Error(`The login form did not appear; the page shows: ${await page.locator('body').innerText()}`, {
        cause: error,
      });
    });
  await passwordBox(page).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
  await expectToast(page, 'Success', 'Logged in successfully');
  await openTab(page, 'Books');
}

export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/**
 * Picks an option of a Mantine Select as a person does: open the list, click the option. Mantine hides an open list
 * while its field is out of the window; if a panel above it finished loading and moved the field away, or the list
 * closed, bring the field back into view and open the list again, as the person would.
 */
export async function chooseOption(field: Locator, name: string, options: { exact?: boolean } = {}): Promise<void> {
  const option = field.page().getByRole('option', { name, ...options });
  const shown = (timeout: number) =>
    option.waitFor({ timeout }).then(
      () => true,
      () => false,
    );
  await field.click();
  if (!(await shown(5_000))) {
    await field.scrollIntoViewIfNeeded();
    if (!(await shown(2_000))) await field.click();
  }
  await option.click();
}

/** The error message shown under a labelled field (Mantine links it with aria-describedby). */
export async function fieldError(field: Locator): Promise<string> {
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const page = field.page();
  for (const id of describedBy.split(/\s+/).filter(Boolean)) {
    const element = page.locator(`[id="${id}"]`);
    if ((await element.getAttribute('class'))?.includes('error')) return (await element.textContent()) ?? '';
  }
  return '';
}

/** Waits until the field shows exactly this error. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect.poll(() => fieldError(field), { timeout: 5_000 }).toBe(message);
}

/** A small valid PNG and a text file, written to the temp folder for setInputFiles / file choosers. */
export async function writeUploadFixtures(): Promise<{ png: string; text: string }> {
  const dir = tmpdir();
  const png = path.join(dir, `admin-e2e-cover-${process.pid}.png`);
  const text = path.join(dir, `admin-e2e-notes-${process.pid}.txt`);
  await writeFile(png, pngImage(64));
  await writeFile(text, 'not an image\n');
  return { png, text };
}

/** Console problems other than the 401s an auth test causes on purpose. */
export function unexpectedProblems(problems: string[]): string[] {
  return problems.filter((problem) => !/status of 401/.test(problem));
}

/**
 * Waits for an image field's upload outcome, said under its drop zone (role status, or alert
 * when refused), and checks that no toast repeats it over the form.
 */
export async function expectUploadFeedback(
  page: Page,
  fieldLabel: string,
  outcome: { ok: boolean; title: string; text: string },
): Promise<void> {
  const feedback = page.getByRole(outcome.ok ? 'status' : 'alert', { name: `${fieldLabel} upload` });
  await feedback.getByText(outcome.title, { exact: true }).waitFor();
  expect(await feedback.textContent()).toBe(`${outcome.title} — ${outcome.text}`);
  expect(await toasts(page).getByText(outcome.title, { exact: true }).count()).toBe(0);
}
