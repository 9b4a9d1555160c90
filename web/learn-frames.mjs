// Frames of the Learn path, a lesson stage and a puzzle solved and failed, in headless
// Chromium, for looking at (web/test.sh runs the checks; this only takes pictures):
//   node learn-frames.mjs URL DIR WIDTHxHEIGHT solve|fail   (1280x800 or 900x700)
// A fresh profile gets the same first Chogo puzzle as a fresh desktop game (the choice
// near 1500 is deterministic; c0012 today), whose line is played here by its cells.
import { join } from 'node:path';
import { launch } from './browser.mjs';

const [url, dir, size = '1280x800', mode = 'solve'] = process.argv.slice(2);
const [width, height] = size.split('x').map(Number);
// The Chogo-44 board's cell centres at the two window sizes (measured on frames).
const boards = { '1280x800': [130, 130, 90], '900x700': [84, 172, 59] };
const [left, top, step] = boards[size];
const at = (cell) => {
  const file = cell.charCodeAt(0) - 97;
  const rank = Number(cell.slice(1));
  return [left + file * step, top + (7 - rank) * step];
};
const { page, close } = await launch({ width, height });
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
const shot = async (name) => page.screenshot({ path: join(dir, `${name}-${size}.png`) });
const coach = () => page.evaluate(() => window.chogoCoach);
const click = async (cell, shift = false) => {
  const [x, y] = at(cell);
  await page.mouse.move(x, y);
  if (shift) await page.keyboard.down('Shift');
  await page.mouse.down();
  await page.mouse.up();
  if (shift) await page.keyboard.up('Shift');
  await page.waitForTimeout(300);
};
const until = (test, seconds = 20) =>
  page.waitForFunction(test, null, { timeout: seconds * 1000, polling: 100 });
const title = async () => {
  await page.reload();
  await until(() => window.chogoFrames > 0, 180);
  await page.waitForTimeout(1500);
};

await page.goto(url);
await until(() => window.chogoFrames > 0, 180);
await page.waitForTimeout(1500);
await page.keyboard.press('e');
await page.waitForTimeout(1500);
await shot('learn');
await page.keyboard.press('Enter');
await until(() => String(window.chogoCoach).startsWith('Moves: 0'));
await page.waitForTimeout(800);
await shot('stage');
console.log(`stage: ${await coach()}`);

await title();
await page.keyboard.press('p');
await until(() => String(window.chogoCoach).endsWith('find the best move'));
await page.waitForTimeout(800);
await shot('puzzle');
if (mode === 'fail') {
  // A wrong move: refuted on the board, then taken back by the player.
  await click('c2'); await click('d2');
  await until(() => String(window.chogoCoach).startsWith('Not the move: White answers'));
  await page.waitForTimeout(400);
  await shot('puzzle-refuted');
  console.log(`wrong: ${await coach()}`);
  // The refutation stays until "Take back and try again" is clicked: its place depends on
  // how many lines the words take, so the places it can have are tried in turn.
  const takeBack = { '1280x800': [[1182, 228], [1182, 246], [1182, 264]],
                     '900x700': [[736, 280], [736, 298], [736, 316]] }[size];
  for (const [x, y] of takeBack) {
    if (String(await coach()).startsWith('Not that one')) break;
    await page.mouse.click(x, y);
    await page.waitForTimeout(400);
  }
  await until(() => String(window.chogoCoach).startsWith('Not that one'));
  await page.waitForTimeout(600);
  await shot('puzzle-failed');
  console.log(`then: ${await coach()}`);
}
// The line of the first puzzle (c0012): the man on e5 down to e2, beside the king.
await click('e5'); await click('e2');
await until(() => String(window.chogoCoach).startsWith('Solved'));
await page.waitForTimeout(1200);
await shot(mode === 'fail' ? 'puzzle-solved-late' : 'puzzle-solved');
console.log(`puzzle: ${await coach()}`);
console.log(`console errors: ${errors.length ? errors.join(' | ') : 'none'}`);
await close();
