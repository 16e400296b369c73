// Debian's Chromium and the flags it needs on this machine, for the browser tests' fixture and
// the scripts that drive a browser. Headless mode and a fresh profile come from the launcher
// (Playwright, Lighthouse). Types: chromium.d.mts.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
