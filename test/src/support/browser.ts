/**
 * Debian's Chromium, headless (playwright.config.ts launches it), cut off from the network it does
 * not need (the machines have none).
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
