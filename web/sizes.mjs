// Frames of the web build at the three window sizes the project checks (1280 × 800,
// 900 × 700, 640 × 400): the title, the New game dialog, a Chogo game and a Go game (a
// small window's drawer opened), drawn at full resolution (?scale=1). Prints any console
// error. Usage: python3 web/serve.py PORT web/dist & node web/sizes.mjs URL DIR
import { launch } from './browser.mjs';
const [url, dir] = process.argv.slice(2);
if (!url || !dir) {
  console.error('usage: node sizes.mjs URL DIR');
  process.exit(2);
}
for (const [w, h] of [[1280, 800], [900, 700], [640, 400]]) {
  const { page, close } = await launch({ width: w, height: h });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url + '?scale=1');
  await page.waitForFunction(() => (window.chogoFrames || 0) > 0, null, { timeout: 60000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${dir}/title-${w}x${h}.png` });
  await page.keyboard.press('n');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${dir}/newgame-${w}x${h}.png` });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  if (w < 760) { await page.mouse.click(43, 19); await page.waitForTimeout(800); }
  await page.screenshot({ path: `${dir}/chogo-${w}x${h}.png` });
  await page.goto(url + '?scale=1');
  await page.waitForFunction(() => (window.chogoFrames || 0) > 0, null, { timeout: 60000 });
  await page.waitForTimeout(1000);
  await page.keyboard.press('g');
  await page.waitForTimeout(1000);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  if (w < 760) { await page.mouse.click(43, 19); await page.waitForTimeout(800); }
  await page.screenshot({ path: `${dir}/go-${w}x${h}.png` });
  console.log(`${w}x${h}: errors ${errors.length ? errors.join(' | ') : 'none'}`);
  await close();
}
