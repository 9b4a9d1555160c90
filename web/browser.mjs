// Debian's headless Chromium for the browser scripts (smoke.mjs, frames.mjs): software
// WebGL2, sound allowed without a click, a fresh profile in the temp folder that
// `close()` removes with the browser.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function launch(viewport = { width: 1280, height: 800 }) {
  const profile = mkdtempSync(join(tmpdir(), 'chogo-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport,
    args: [
      '--headless', '--no-sandbox', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
      '--enable-unsafe-swiftshader', '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const page = browser.pages()[0] || await browser.newPage();
  const close = async () => {
    await browser.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  };
  return { page, close };
}
