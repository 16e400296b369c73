import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Set (to anything) to have the browser tests write their screenshots. */
const SWITCH = 'E2E_SCREENSHOTS';

/**
 * Screenshots are for a person to look at (each screen at 1280 and 375 px), never compared by a test. They are
 * written only when E2E_SCREENSHOTS is set (`E2E_SCREENSHOTS=1 npm test -- src/e2e/public/comments.test.ts`), to
 * test-results/screenshots/<test file>/<name>.png, each run over the last one's: a CI run takes none (each costs
 * Chromium 0.2-0.5 s of CPU) and no run leaves pictures in the machine's temporary folder.
 */
/** Whether this run writes screenshots: a test may skip setting up a view it opens only to be looked at. */
export const screenshotsWanted = (): boolean => Boolean(process.env[SWITCH]);

export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted()) return;
  const testFile = path.basename(expect.getState().testPath ?? 'other', '.test.ts');
  const folder = path.join(process.cwd(), 'test-results', 'screenshots', testFile);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage });
  else await target.screenshot({ path: file });
}
