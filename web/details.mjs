// Frames of three details of the web build at the three window sizes the project checks
// (1280 x 800, 900 x 700, 640 x 400): a refused drop's label (Go, a position pasted into
// the load dialog), a trapped king (Chogo, likewise) and a hint's words (a small window's
// drawer opened to show them). Prints any console error.
// Usage: python3 web/serve.py PORT web/dist & node web/details.mjs URL DIR [WxH]
import { launch } from './browser.mjs';
const [url, dir, only] = process.argv.slice(2);
if (!url || !dir) {
  console.error('usage: node details.mjs URL DIR [WxH]');
  process.exit(2);
}
// Per size: the load dialog's text field and its Play button, the Go board's e5 (a 9 x 9
// board: e5 is its centre cell) and a cell of Chogo's board where Black may drop its king.
const sizes = {
  '1280x800': { field: [640, 373], play: [425, 583], e5: [453, 400], drop: [490, 490] },
  '900x700': { field: [450, 323], play: [235, 533], e5: [293, 350], drop: [260, 349] },
  '640x400': { field: [320, 173], play: [105, 368], e5: [303, 220], drop: [280, 220] },
};
if (only && !sizes[only]) {
  console.error(`details.mjs: no size ${only} (${Object.keys(sizes).join(', ')})`);
  process.exit(2);
}
for (const [name, at] of Object.entries(sizes)) {
  if (only && only !== name) continue;
  const [w, h] = name.split('x').map(Number);
  const small = w < 760;
  const { page, close } = await launch({ width: w, height: h });
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  const fresh = async () => {
    await page.goto(url + '?scale=1');
    await page.waitForFunction(() => (window.chogoFrames || 0) > 0, null, { timeout: 60000 });
    await page.waitForTimeout(1200);
  };
  const load = async (text, shot) => {
    await fresh();
    await page.keyboard.press('l');
    await page.waitForTimeout(800);
    await page.mouse.click(...at.field);
    await page.waitForTimeout(300);
    await page.keyboard.type(text, { delay: 10 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${dir}/${shot}-dialog-${name}.png` });
    await page.mouse.click(...at.play);
    await page.waitForTimeout(1800);
  };
  await load('9/9/9/4R4/3R1R3/4R4/9/9/9 b 0 0 0 - 5', 'refusal');
  const [x, y] = at.e5;
  await page.mouse.move(x - 1, y - 1);
  await page.waitForTimeout(400);
  await page.mouse.move(x, y);
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${dir}/refusal-${name}.png` });
  await load('##pp2##/#p4K#/8/2PkP3/8/#p4p#/##2PP## b 10 20', 'trapped');
  await page.screenshot({ path: `${dir}/trapped-${name}.png` });
  // A new game against the bot: Black drops its king, the bot answers, then a hint.
  await fresh();
  await page.keyboard.press('n');
  await page.waitForTimeout(1000);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  await page.mouse.click(...at.drop);
  await page.waitForTimeout(4000);
  await page.keyboard.press('h');
  await page.waitForTimeout(4000);
  if (small) {
    await page.mouse.click(43, 19);
    await page.waitForTimeout(800);
  }
  await page.screenshot({ path: `${dir}/hint-${name}.png` });
  console.log(`${name}: errors ${errors.length ? errors.join(' | ') : 'none'}`);
  await close();
}
