import type { BrowserContext, Page } from 'playwright-core';

export type HeldRequest = {
  /** Resolves once the request has reached the browser's network layer (and is being held). */
  arrived: Promise<void>;
  /** Lets the request go on to the server. */
  release: () => void;
};

/**
 * Holds the next request to a URL matching the pattern until release(): a pending state (a
 * disabled button, a spinner) stays on screen for exactly as long as the test looks at it.
 * Later requests to the same URL pass untouched.
 */
export async function holdNextRequest(target: Page | BrowserContext, url: string | RegExp): Promise<HeldRequest> {
  let release!: () => void;
  let arrive!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await target.route(
    url,
    async (route) => {
      arrive();
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return { arrived, release };
}
