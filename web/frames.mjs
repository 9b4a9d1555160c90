// Frame rates of the web build in Debian's headless Chromium (software WebGL2), for the
// README's "Frame times": `web/test.sh --frames`. For each window size and each way of
// drawing (the game's: no multisampling; Bevy's default: four samples), the page is
// loaded with `?every-frame` (the game draws every frame instead of only when something
// changes) and the frames drawn in 3 s are counted on the title screen and on the board
// of a new game. Usage: node frames.mjs URL
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [url] = process.argv.slice(2);
if (!url) {
  console.error('usage: node frames.mjs URL');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'chogo-chromium-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-background-networking', '--no-first-run',
         '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader'],
});
const page = browser.pages()[0] || await browser.newPage();

const rate = () => page.evaluate(async () => {
  const frames0 = window.chogoFrames;
  const start = performance.now();
  await new Promise((done) => setTimeout(done, 3000));
  return (window.chogoFrames - frames0) / ((performance.now() - start) / 1000);
});

try {
  for (const [width, height] of [[1280, 800], [640, 400]]) {
    await page.setViewportSize({ width, height });
    for (const [name, query] of [['no multisampling', 'every-frame'], ['4x multisampling', 'every-frame&msaa=4']]) {
      await page.goto(`${url}?${query}`);
      await page.waitForFunction(() => window.chogoFrames > 0, null, { timeout: 180000 });
      await page.evaluate(() => localStorage.clear());
      await page.waitForTimeout(2000);
      const title = await rate();
      await page.keyboard.press('n');
      await page.waitForTimeout(800);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(2000);
      const game = await rate();
      console.log(`frames: ${width}x${height}, ${name}: title ${title.toFixed(1)}/s, game ${game.toFixed(1)}/s`);
    }
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
