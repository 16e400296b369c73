import { describe, expect, it } from 'vitest';
import { trackConsoleProblems } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';

/**
 * Issue 25, item 7, in Chromium: the page's CSP allows the scripts the renderer wrote (the page
 * hydrates) and nothing else inline. A script placed in the page's content (as an HTML injection
 * would) is blocked, on the first render and on the cached page alike.
 */
const site = useBrowserSite({ readOnly: true });

const INJECTED = '<script>window.__injected = true</script>';

describe('content security policy of server-rendered pages', () => {
  it("blocks an inline script injected into a page's content while the page still hydrates", async () => {
    for (const pagePath of ['/books', '/books', '/blog']) {
      const context = await site.newContext();
      const page = await context.newPage();
      const problems = trackConsoleProblems(page);
      // The server's own answer (status, headers, CSP included), with a script added to its content.
      await page.route(`${site.baseUrl}${pagePath}`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('<main', `${INJECTED}<main`);
        expect(html).toContain(INJECTED);
        await route.fulfill({ response, body: html });
      });
      await page.goto(`${site.baseUrl}${pagePath}`, { waitUntil: 'load' });
      // The router deletes its bootstrap global once hydration is complete: its own scripts ran.
      await page.waitForFunction(() => !('$_TSR' in window), null, { timeout: 15_000 });
      expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
      const refused = problems.filter((problem) => /Content Security Policy/.test(problem));
      expect(refused, problems.join('\n')).toHaveLength(1);
      expect(refused[0]).toMatch(
        /inline script violates the following Content Security Policy directive 'script-src 'self' 'sha256-/,
      );
      await context.close();
    }
  });
});
