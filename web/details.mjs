// Frames of three details of the web build at 1280 x 800: a refused drop's label (Go,
// a position loaded from the load dialog), a trapped king (Chogo, likewise) and a hint's
// words. Usage: python3 web/serve.py PORT web/dist & node web/details.mjs URL DIR
import { launch } from './browser.mjs';
const [url, dir] = process.argv.slice(2);
const { page, close } = await launch({ width: 1280, height: 800 });
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
async function fresh() {
  await page.goto(url + '?scale=1');
  await page.waitForFunction(() => (window.chogoFrames || 0) > 0, null, { timeout: 60000 });
  await page.waitForTimeout(1200);
}
async function load(text, name) {
  await fresh();
  await page.keyboard.press('l');
  await page.waitForTimeout(800);
  await page.mouse.click(640, 373);
  await page.waitForTimeout(300);
  await page.keyboard.type(text, { delay: 10 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${dir}/${name}-dialog.png` });
  await page.mouse.click(425, 583);
  await page.waitForTimeout(1800);
}
await load('9/9/9/4R4/3R1R3/4R4/9/9/9 b 0 0 0 - 5', 'refusal');
await page.mouse.move(453, 400);
await page.waitForTimeout(400);
await page.mouse.move(454, 401);
await page.waitForTimeout(1200);
await page.screenshot({ path: `${dir}/refusal.png` });
await load('##pp2##/#p4K#/8/2PkP3/8/#p4p#/##2PP## b 10 20', 'trapped');
await page.screenshot({ path: `${dir}/trapped.png` });
await fresh();
await page.keyboard.press('n');
await page.waitForTimeout(1000);
await page.keyboard.press('Enter');
await page.waitForTimeout(1500);
await page.mouse.click(490, 490);
await page.waitForTimeout(4000);
await page.keyboard.press('h');
await page.waitForTimeout(4000);
await page.screenshot({ path: `${dir}/hint.png` });
console.log(`details: errors ${errors.length ? errors.join(' | ') : 'none'}`);
await close();
