// The online game in the browser (run by web/test.sh): a chogo-server on 127.0.0.1 with a
// free port and a command-line bot that creates a game of Go with rooks (it plays Black);
// Debian's headless Chromium opens the game's link (?join=CODE&server=…) and plays White
// by clicks on the board. Both must see each other's moves: the page's room
// (window.chogoOnline) holds the bot's moves, the bot's log the page's. Every wait is
// bounded. Usage: node online.mjs URL SCREENSHOT_DIR SERVER_PROGRAM CLI_PROGRAM
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from './browser.mjs';

const [url, shots, serverProgram, cliProgram] = process.argv.slice(2);
if (!url || !shots || !serverProgram || !cliProgram) {
  console.error('usage: node online.mjs URL SCREENSHOT_DIR SERVER_PROGRAM CLI_PROGRAM');
  process.exit(2);
}

const step = (text) => console.log(`online: ${text}`);
const folder = mkdtempSync(join(tmpdir(), 'chogo-online-web-'));
const children = [];
let close = async () => {};
const finish = async (code) => {
  await close();
  for (const child of children) child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
  process.exit(code);
};
let page = null;
const fail = async (text) => {
  console.error(`online: FAILED: ${text}`);
  if (page) await page.screenshot({ path: join(shots, 'online-failure.png') }).catch(() => {});
  await finish(1);
};
setTimeout(() => fail('not done in 240 s'), 240_000).unref();

// A program's first line on standard output, within `seconds`.
const firstLine = (child, seconds) => new Promise((resolve, reject) => {
  let text = '';
  const timer = setTimeout(() => reject(new Error(`no first line in ${seconds} s`)), seconds * 1000);
  child.stdout.on('data', (data) => {
    text += data;
    const end = text.indexOf('\n');
    if (end >= 0) {
      clearTimeout(timer);
      resolve(text.slice(0, end).trim());
    }
  });
  child.on('exit', (code) => reject(new Error(`exited (${code}) before its first line`)));
});

const server = spawn(serverProgram, ['--listen', '127.0.0.1:0', '--db', join(folder, 'games.db')],
  { stdio: ['ignore', 'pipe', 'ignore'] });
children.push(server);
const listening = await firstLine(server, 20).catch((e) => fail(`the server: ${e.message}`));
const address = listening.replace(/^listening on /, '');
const ws = `ws://${address}`;
step(`the server listens on ${ws}`);

let said = '';
const bot = spawn(cliProgram, ['online', 'play', '--server', ws, '--create', 'go', '--pieces', 'R',
  '--board', '9', '--side', 'black', '--level', 'easy'], { stdio: ['ignore', 'pipe', 'pipe'] });
children.push(bot);
bot.stderr.on('data', (data) => { said += data; });
const first = await firstLine(bot, 20).catch((e) => fail(`the bot: ${e.message}`));
const code = first.replace(/^code: /, '');
if (!/^[A-Z0-9]{4,12}$/.test(code)) await fail(`the bot's first line is not its code: ${first}`);
step(`the bot created the game ${code}`);

const opened = await launch();
page = opened.page;
close = opened.close;
const errors = [];
page.on('pageerror', (error) => errors.push(String(error)));
page.on('console', (message) => {
  if (message.type() === 'error') errors.push(message.text());
});
const room = () => page.evaluate(() => JSON.parse(window.chogoOnline || 'null'));
const waitFor = async (what, test, seconds) => {
  try {
    await page.waitForFunction(test, null, { timeout: seconds * 1000, polling: 100 });
  } catch {
    await fail(`${what} (after ${seconds} s); the room: ${JSON.stringify(await room())}; the bot said:\n${said}`);
  }
};

await page.goto(`${url}?join=${code}&server=${encodeURIComponent(ws)}`);
await waitFor('the first frame', () => window.chogoFrames > 0, 180);
await waitFor('the seat in the room, the bot\'s first move on the board', () => {
  const r = JSON.parse(window.chogoOnline || 'null');
  return r && r.side === 'white' && r.moves && r.moves.length >= 1
    && window.chogoGame === 'go' && window.chogoMoves >= 1;
}, 60);
const before = await room();
step(`the page joined as White; the bot played ${before.moves[0]}`);
await page.waitForTimeout(800);
await page.screenshot({ path: join(shots, 'online-joined.png') });

// The page's move: a click on an empty cell (9 × 9 at 1280 × 800: a1 at 157, 696; 74 px a
// cell), the first of these the bot has not taken.
const cells = ['c3', 'g7', 'c7', 'g3', 'd4', 'f6', 'e3', 'e7'];
const taken = (cell) => before.moves.some((m) => m.replace(/^[A-Z]@/, '').startsWith(cell));
const mine = cells.find((c) => !taken(c));
const file = mine.charCodeAt(0) - 'a'.charCodeAt(0);
const rank = Number(mine.slice(1));
await page.mouse.move(157 + 74 * file, 696 - 74 * (rank - 1));
await page.waitForTimeout(100);
await page.mouse.down();
await page.mouse.up();
await page.waitForFunction((m) => (JSON.parse(window.chogoOnline || 'null')?.moves || [])[1] === m,
  mine, { timeout: 20_000, polling: 100 }).catch(() => fail(`the server never had ${mine}`));
step(`the page played ${mine}; the server has it`);

// The bot sees it and answers; the page shows the answer.
await page.waitForFunction(() => {
  const r = JSON.parse(window.chogoOnline || 'null');
  return r && r.moves && r.moves.length >= 3 && window.chogoMoves >= 3;
}, null, { timeout: 60_000, polling: 100 }).catch(() => fail(`no answer from the bot; it said:\n${said}`));
const after = await room();
if (!said.includes(`2. ${mine}`)) await fail(`the bot's log does not have the page's move 2. ${mine}:\n${said}`);
if (!said.includes(`3. ${after.moves[2]}`)) await fail(`the bot's log does not have its answer ${after.moves[2]}:\n${said}`);
step(`the bot saw ${mine} and answered ${after.moves[2]}, which the page shows`);
await page.waitForTimeout(1000);
await page.screenshot({ path: join(shots, 'online.png') });
if (errors.length) await fail(`console errors:\n  ${errors.join('\n  ')}`);
step('ok');
await finish(0);
