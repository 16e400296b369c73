import Database from 'better-sqlite3';
import path from 'node:path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { trackConsoleProblems, waitForHydration } from '../support/browser.js';
import type { Site } from '../support/fixture.js';

export type OpenedPage = {
  page: Page;
  response: Response | null;
  /** Console errors and warnings so far (read it after the interactions under test). */
  problems: () => string[];
};

/**
 * Opens a path in a new tab of the context and waits until the app has hydrated. Console
 * errors and warnings are collected, except the browser's own report of a 404 document
 * status (the 404 page answers 404 on purpose).
 */
export async function openPage(context: BrowserContext, baseUrl: string, path: string): Promise<OpenedPage> {
  const page = await context.newPage();
  const collected = trackConsoleProblems(page);
  const response = await page.goto(baseUrl + path, { waitUntil: 'load' });
  await waitForHydration(page);
  return { page, response, problems: () => collected.filter((problem) => !isDocument404(problem, response)) };
}

function isDocument404(problem: string, response: Response | null): boolean {
  return response?.status() === 404 && /Failed to load resource: the server responded with a status of 404/.test(problem);
}


/** No element makes the page wider than the viewport. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right > width + 1 || rect.left < -1) {
        // Elements inside a clipping ancestor (overflow hidden) cannot widen the page.
        let clipped = false;
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== 'visible' || style.position === 'fixed') {
            const parentRect = parent.getBoundingClientRect();
            if (parentRect.right <= width + 1 && parentRect.left >= -1) {
              clipped = true;
              break;
            }
          }
        }
        if (!clipped && !element.closest('.honeypot, .visually-hidden')) {
          offenders.push(`${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)} (${Math.round(rect.left)}..${Math.round(rect.right)})`);
        }
      }
    }
    return { scroll: document.documentElement.scrollWidth - width, offenders: offenders.slice(0, 5) };
  });
  expect(overflow.offenders).toEqual([]);
  expect(overflow.scroll).toBeLessThanOrEqual(0);
}

/** The visible toast's title and description. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('.toast');
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

/** Returns the first id of a public list, read through the tRPC API. */
export async function firstId(baseUrl: string, procedure: 'excerpts.list' | 'blog.list' | 'books.list'): Promise<string> {
  const answer = (await (await fetch(`${baseUrl}/trpc/${procedure}`)).json()) as { result: { data: { json: { id: string }[] } } };
  const item = answer.result.data.json[0];
  if (!item) throw new Error(`${procedure} is empty`);
  return item.id;
}

/** A fresh address for each newsletter test. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Signs these addresses up through the API, then marks them confirmed in the site's database (as the emailed link
 * would): the confirmed subscribers who may comment or apply to an ARC team.
 */
export async function confirmedReaders(site: Site, ...emails: string[]): Promise<void> {
  for (const email of emails) {
    const res = await fetch(`${site.baseUrl}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(res.status, `POST /api/newsletter for ${email}: ${await res.clone().text()}`).toBe(201);
  }
  const sqlite = new Database(path.join(site.dataDir, 'site.sqlite'));
  const confirm = sqlite.prepare('UPDATE newsletter_subscriptions SET confirmed_at = created_at WHERE email = ?');
  for (const email of emails) confirm.run(email);
  sqlite.close();
}
