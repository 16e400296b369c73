import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { recordFailure } from './failure-record.js';
import { startProductionServer, type ProductionServer } from '../../../scripts/lib/production-server.mjs';
import { newContext, workerChromium, trackConsoleProblems, type ContextOptions, type Viewport } from './browser.js';
import { seedEnv, startFromTemplate, type Seed, type SiteTemplates } from './site-templates.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data folders test sites start from a copy of (site-templates-setup.ts, project `browser`). */
    e2eSiteTemplates: SiteTemplates | undefined;
    /** The demo site the read-only files share (site-templates-setup.ts, project `browser`). */
    e2eReadOnlySite: { baseUrl: string; dataDir: string; adminPassword: string } | undefined;
  }
}

export type SiteOptions = {
  /** Extra environment of the server (e.g. SEED_DEMO, ADMIN_PASSWORD). */
  env?: Record<string, string>;
  /** 'demo' (default): the demo series; 'empty': a new site with no content. */
  seed?: Seed;
};

export type BrowserSiteOptions = SiteOptions & {
  /** Viewport of the fixture's context (default desktop). */
  viewport?: Viewport;
  javaScriptEnabled?: boolean;
  /** One context and page for the whole file (default), or a fresh one for each test. */
  isolation?: 'file' | 'test';
  /**
   * The file only reads the demo site (no admin write, no form sent, no file in its data folder):
   * it uses the one server the run starts for such files instead of starting its own. Only with
   * the default seed and no env.
   */
  readOnly?: boolean;
};

/** A running production server on a temporary database. Read it inside tests and hooks only. */
export type Site = {
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly adminPassword: string;
};

/** A server the fixture started (ProductionServer) or shares (the read-only site: stop does nothing). */
type RunningSite = Site & { stop: () => Promise<void> };

export type BrowserSite = Site & {
  readonly browser: Browser;
  /** The context for the file or the current test (see isolation). */
  readonly context: BrowserContext;
  /** A page of that context, opened on about:blank. */
  readonly page: Page;
  /** Console errors, warnings and page errors of that page so far. */
  readonly problems: string[];
  /** Another context (the fixture's viewport unless given); closed with the block at the latest. */
  newContext: (options?: ContextOptions) => Promise<BrowserContext>;
};

/** Variables a template, made with the defaults, would contradict: such a site starts from nothing. */
const FIRST_START_ENV = ['DATA_DIR', 'DATABASE_URL', 'ADMIN_PASSWORD'];

/** The run's read-only demo site (site-templates-setup.ts), which the files using it never stop. */
function readOnlyServer(options: BrowserSiteOptions): RunningSite | undefined {
  if (!options.readOnly) return undefined;
  if (options.env || (options.seed ?? 'demo') !== 'demo') throw new Error('readOnly is for the demo seed, no env');
  const shared = inject('e2eReadOnlySite');
  return shared && { ...shared, stop: async () => {} };
}

/** A fresh site of its own: a copy of the seed's template folder (site-templates-setup.ts), or a first start. */
function startServer({ env = {}, seed = 'demo' }: SiteOptions): Promise<ProductionServer> {
  const template = inject('e2eSiteTemplates')?.[seed];
  if (template && !FIRST_START_ENV.some((name) => name in env)) return startFromTemplate(template, seedEnv(seed, env));
  return startProductionServer(seedEnv(seed, env), { dataDirPrefix: 'site-e2e-' });
}

function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is set up in beforeAll/beforeEach: read it inside a test or hook`);
  return value;
}

function siteOf(server: () => RunningSite | undefined): Site {
  return {
    get baseUrl() {
      return ready(server(), 'The server').baseUrl;
    },
    get dataDir() {
      return ready(server(), 'The server').dataDir;
    },
    get adminPassword() {
      return ready(server(), 'The server').adminPassword;
    },
  };
}

/** Starts the production build on a temporary database for the current describe block (or file). */
export function useSite(options: SiteOptions = {}): Site {
  let server: ProductionServer | undefined;
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return siteOf(() => server);
}

/**
 * The production server for the current describe block (or file) and the worker's Chromium
 * (browser.ts), started together, with a context and page per file or per test. Hooks the test file registers
 * after this call run after these (before hooks) and before them (after hooks).
 */
export function useBrowserSite(options: BrowserSiteOptions = {}): BrowserSite {
  const { viewport = 'desktop', javaScriptEnabled = true, isolation = 'file' } = options;
  let server: RunningSite | undefined;
  let browser: Browser | undefined;
  /** The worker's browser is shared: the contexts open before this block are another block's. */
  let contextsBefore = new Set<BrowserContext>();
  let scoped: { context: BrowserContext; page: Page; problems: string[] } | undefined;

  const openScope = async () => {
    const context = await newContext(ready(browser, 'The browser'), { viewport, javaScriptEnabled });
    const page = await context.newPage();
    scoped = { context, page, problems: trackConsoleProblems(page) };
  };
  const closeScope = async () => {
    await scoped?.context.close();
    scoped = undefined;
  };

  beforeAll(async () => {
    const shared = readOnlyServer(options);
    const starting = shared ? Promise.resolve(shared) : startServer(options);
    const launching = workerChromium();
    // Both settle before either failure is reported, so nothing is left running.
    const [started, launched] = await Promise.allSettled([starting, launching]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') {
      browser = launched.value;
      contextsBefore = new Set(browser.contexts());
    }
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    if (isolation === 'file') await openScope();
  });
  if (isolation === 'test') {
    beforeEach(openScope);
    afterEach(closeScope);
  }
  // Registered after closeScope, so it runs before it (after hooks run in reverse).
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail' || !scoped) return;
    const pages = pagesToRecord(scoped.page);
    for (const [index, page] of pages.entries())
      await recordFailure(page, context.task, pages.length > 1 ? `--page-${index + 1}` : '');
  });
  /** The fixture's page, and the last three others this block opened that show something (the test may have used any). */
  const pagesToRecord = (fixturePage: Page) => {
    const opened = (browser?.contexts() ?? [])
      .filter((context) => !contextsBefore.has(context))
      .flatMap((context) => context.pages())
      .filter((page) => page !== fixturePage && !page.isClosed() && page.url() !== 'about:blank');
    return [fixturePage, ...opened.slice(-3)];
  };
  afterAll(async () => {
    await closeScope();
    // Every context this block opened (the test's own too); the browser goes on to the worker's next file.
    const opened = browser?.contexts().filter((context) => !contextsBefore.has(context)) ?? [];
    await Promise.all(opened.map((context) => context.close()));
    await server?.stop();
  });

  return Object.defineProperties(siteOf(() => server) as BrowserSite, {
    browser: { get: () => ready(browser, 'The browser') },
    context: { get: () => ready(scoped, 'The context').context },
    page: { get: () => ready(scoped, 'The page').page },
    problems: { get: () => ready(scoped, 'The page').problems },
    newContext: {
      value: (overrides: ContextOptions = {}) =>
        newContext(ready(browser, 'The browser'), { viewport, javaScriptEnabled, ...overrides }),
    },
  });
}
