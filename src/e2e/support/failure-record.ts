import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RunnerTestCase } from 'vitest';

const FAILURES = path.join(process.cwd(), 'test-results', 'failures');

/**
 * What the page showed when a browser test failed: a screenshot and its accessibility tree under
 * test-results/failures/, and the address and the tree's first lines in the log, where CI shows them.
 */
export async function recordFailure(page: Page, test: RunnerTestCase, suffix = ''): Promise<void> {
  const name =
    `${path.basename(test.file.name, '.test.ts')}--${test.name}`.replace(/[^\w-]+/g, '-').slice(0, 120) + suffix;
  try {
    await mkdir(FAILURES, { recursive: true });
    const tree = await page.locator('body').ariaSnapshot({ timeout: 5_000 });
    await writeFile(path.join(FAILURES, `${name}.txt`), `${page.url()}\n\n${tree}\n`);
    await page.screenshot({ path: path.join(FAILURES, `${name}.png`), fullPage: true, timeout: 10_000 });
    const state = await page.evaluate(() => ({
      scrollY: window.scrollY,
      height: document.documentElement.scrollHeight,
      focused: document.activeElement?.outerHTML.slice(0, 300) ?? null,
      listboxes: [...document.querySelectorAll('[role="listbox"]')].map((list) => ({
        id: list.id,
        style: list.closest('[style]')?.getAttribute('style') ?? '',
        options: list.querySelectorAll('[role="option"]').length,
      })),
    }));
    console.log(
      `Failed at ${page.url()}; saved test-results/failures/${name}.{png,txt}. ${JSON.stringify(state)}\n` +
        `The page's alerts and dialogs:\n${tree
          .split('\n')
          .filter((line) => /\b(alert|dialog|status|listbox)\b/.test(line))
          .slice(0, 30)
          .join('\n')}`,
    );
  } catch (error) {
    console.log(`Could not record the failed page: ${String(error)}`);
  }
}
