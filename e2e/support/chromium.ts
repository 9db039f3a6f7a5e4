import { type Browser, chromium, type LaunchOptions } from 'playwright-core';

/** Debian's Chromium; test tools cannot download browsers on these machines. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Launches Debian's Chromium headless as root on this closed network: without the background
 * networking flags it keeps trying to reach Google's hosts and has its connections refused.
 * Shared by the end-to-end tests and the benchmarks that open pages.
 */
export function launchChromium(extraArgs: string[] = [], options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    ...options,
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}
