import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, trackConsoleProblems } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

describe('browser smoke', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders the home page without console problems', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const problems = trackConsoleProblems(page);
    await page.goto(server.baseUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/throne awaits/i);
    expect(problems).toEqual([]);
    await context.close();
  });
});
