// The review bench in the browser (docs/STUDY.md, "Figures"): the page is loaded with
// `?review-bench=GAME` (the 60-move bench game of that game is reviewed in the Web Worker
// after 8 s with nothing under way) and, with `?every-frame`, every frame is drawn; the
// frames drawn in each period are counted here, and the game's own figures (the review's
// time) are read from `window.chogoReviewBench` when it is done.
// Usage: node review-bench.mjs URL GAME [every-frame]
import { launch } from './browser.mjs';

const [url, game, every] = process.argv.slice(2);
if (!url || !['chogo', 'go'].includes(game)) {
  console.error('usage: node review-bench.mjs URL chogo|go [every-frame]');
  process.exit(2);
}
const { page, close } = await launch();
const frames = () => page.evaluate(() => window.chogoFrames || 0);
try {
  const address = `${url}?review-bench=${game}${every ? '&every-frame' : ''}`;
  const loaded = Date.now();
  await page.goto(address);
  await page.waitForFunction(() => (window.chogoFrames || 0) > 0, null, { timeout: 120000 });
  // The baseline: frames in 5 s, inside the game's 8 s with nothing under way.
  await page.waitForTimeout(2000);
  const f0 = await frames();
  const t0 = Date.now();
  await page.waitForTimeout(5000);
  const idle = ((await frames()) - f0) / ((Date.now() - t0) / 1000);
  // The review: from when the game starts it to its figures.
  const f1 = await frames();
  const t1 = Date.now();
  await page.waitForFunction(() => window.chogoReviewBench, null, { timeout: 300000 });
  const busy = ((await frames()) - f1) / ((Date.now() - t1) / 1000);
  const figures = await page.evaluate(() => window.chogoReviewBench);
  console.log(figures);
  console.log(`page frames: ${idle.toFixed(1)} a second with nothing under way, ` +
    `${busy.toFixed(1)} while reviewing (${every ? 'every frame drawn' : 'frames as asked'}); ` +
    `${((Date.now() - loaded) / 1000).toFixed(0)} s in all`);
} finally {
  await close();
}
