import type { TestProject } from 'vitest/node';
import { makeSiteTemplates } from './site-templates.js';

/**
 * The `browser` project's seeded data folders, made once the build is (global-setup.ts runs
 * first): every test site starts from a copy of one (site-templates.ts, fixture.ts).
 *
 * Chromium stays one per file (fixture.ts): a Chromium shared through `launchServer` was tried, and
 * each Playwright call then crossed the Vitest process too (50 `evaluate` calls took 1.3 s instead
 * of 0.5 on the busy machine), which costs a page-heavy file more than its launch saves.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sites = await makeSiteTemplates();
  project.provide('e2eSiteTemplates', sites.templates);
  return sites.remove;
}
