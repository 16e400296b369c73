import type { TestProject } from 'vitest/node';
import { makeSiteTemplates, seedEnv, startFromTemplate } from './site-templates.js';

/**
 * The `browser` project's seeded data folders, made once the build is (global-setup.ts runs
 * first): every test site starts from a copy of one (site-templates.ts, fixture.ts). Then the one
 * demo site the read-only files share (useBrowserSite({ readOnly: true })), stopped after the run.
 *
 * Chromium is one per worker, launched in the worker itself (browser.ts, workerChromium): one shared
 * through `launchServer` was tried, and each Playwright call then crossed the Vitest process too (50
 * `evaluate` calls took 1.3 s instead of 0.5 on the busy machine), which cost more than the launch saved.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sites = await makeSiteTemplates();
  project.provide('e2eSiteTemplates', sites.templates);
  try {
    const shared = await startFromTemplate(sites.templates.demo, seedEnv('demo'));
    const { baseUrl, dataDir, adminPassword } = shared;
    project.provide('e2eReadOnlySite', { baseUrl, dataDir, adminPassword });
    return async () => {
      await shared.stop();
      await sites.remove();
    };
  } catch (error) {
    await sites.remove();
    throw error;
  }
}
