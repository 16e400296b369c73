import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium.mjs';

/** Headless, with a fresh temporary profile that Playwright removes on close. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The Chromium of this test worker: launched by the first file that asks, then shared by the files the
 * worker runs after it (the browser project keeps a worker's modules between files: isolate false),
 * each in contexts of its own (fixture.ts closes a file's contexts). Launched again if it went away.
 * Playwright closes it when the worker exits.
 */
export async function workerChromium(): Promise<Browser> {
  const current = workerBrowser && (await workerBrowser.catch(() => undefined));
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
  /** The narrowest phone still sold (iPhone SE 1st generation, small Androids). */
  narrow: { width: 320, height: 640 },
} as const;

export type Viewport = keyof typeof VIEWPORTS;

export type ContextOptions = {
  viewport?: Viewport;
  javaScriptEnabled?: boolean;
  /**
   * When a public page imports the app: 'on-intent' as a reader's browser does (at their first key, or a
   * pointer or focus on a control: entry-server.tsx), or 'at-once' after the first paint, as the admin area
   * does (default). The tests of what the app does start it at once, so they never race their own first
   * action; app-on-intent.test.ts and the no-JavaScript tests check the page before it arrives.
   */
  appLoads?: 'at-once' | 'on-intent';
};

export async function newContext(
  browser: Browser,
  { viewport = 'desktop', javaScriptEnabled = true, appLoads = 'at-once' }: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    isMobile: viewport !== 'desktop',
    hasTouch: viewport !== 'desktop',
    javaScriptEnabled,
  });
  if (appLoads === 'at-once') await loadAppAtOnce(context);
  return withPagesInOwnWindows(browser, context);
}

/** Public pages of this context import the app after their first paint, as the admin area does (see appLoads). */
export async function loadAppAtOnce(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => Object.assign(self, { __appAtOnce: true }));
}

/**
 * Chromium paints only the front tab of a window at full rate: a page a test goes back to after
 * opening another in the same context (the admin after a visitor's tab) gets about 7 frames a
 * second, and every Playwright action on it then waits about 2 s for its element to be "stable".
 * So after its first page, each page of the context opens in a window of its own, all painted alike.
 */
function withPagesInOwnWindows(browser: Browser, context: BrowserContext): BrowserContext {
  const openTab = context.newPage.bind(context);
  let contextId: Promise<string> | undefined;
  let opening: Promise<unknown> = Promise.resolve();
  const openWindow = async (): Promise<Page> => {
    if (!contextId) {
      const first = await openTab();
      contextId = browserContextIdOf(context, first);
      return first;
    }
    const id = await contextId;
    const cdp = await browser.newBrowserCDPSession();
    try {
      const opened = context.waitForEvent('page');
      await cdp.send('Target.createTarget', { url: 'about:blank', browserContextId: id, newWindow: true });
      return await opened;
    } finally {
      await cdp.detach();
    }
  };
  // One at a time, so the page event awaited is the window just asked for.
  context.newPage = () => {
    const page = opening.then(openWindow, openWindow);
    opening = page.catch(() => undefined);
    return page;
  };
  return context;
}

async function browserContextIdOf(context: BrowserContext, page: Page): Promise<string> {
  const cdp = await context.newCDPSession(page);
  try {
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    if (!targetInfo.browserContextId) throw new Error('Chromium named no browser context for the page');
    return targetInfo.browserContextId;
  } finally {
    await cdp.detach();
  }
}

/** Collects console errors and warnings (hydration mismatches included) and page errors. */
export function trackConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * The client has taken over once React has attached its handlers to the server-rendered page.
 * State that differs on the client (useHydrated(), e.g. a form's novalidate) is set by a render
 * after this: wait for that state itself.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const footer = document.querySelector('footer');
    return !!footer && Object.keys(footer).some((key) => key.startsWith('__reactFiber'));
  });
}
