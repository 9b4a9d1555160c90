// The browser smoke test (run by web/test.sh): Debian's headless Chromium opens the web
// build, waits for the first frame, starts a game against the bot, drops the king, waits
// for the bot's answer (from its Web Worker) while checking that the page keeps drawing,
// checks the save in localStorage, reloads and continues the saved game, plays Go with
// chess pieces, then a lesson stage to its goal and a puzzle's start (both fetched beside
// the game). Fails on any console error. Usage: node smoke.mjs URL SCREENSHOT_DIR
import { join } from 'node:path';
import { launch } from './browser.mjs';

const [url, shots] = process.argv.slice(2);
if (!url || !shots) {
  console.error('usage: node smoke.mjs URL SCREENSHOT_DIR');
  process.exit(2);
}

const errors = [];
const { page, close } = await launch();
page.on('console', (message) => {
  if (message.type() === 'error') errors.push(message.text());
  if (process.env.VERBOSE) console.log(`console.${message.type()}: ${message.text()}`);
});
page.on('pageerror', (error) => errors.push(String(error)));

const step = (text) => console.log(`smoke: ${text}`);
const fail = async (text) => {
  console.error(`smoke: FAILED: ${text}`);
  if (errors.length) console.error(`smoke: console errors so far:\n  ${errors.join('\n  ')}`);
  await page.screenshot({ path: join(shots, 'failure.png') }).catch(() => {});
  await close();
  process.exit(1);
};
const value = (name) => page.evaluate((n) => window[n], name);
const waitFor = async (what, test, seconds) => {
  try {
    await page.waitForFunction(test, null, { timeout: seconds * 1000, polling: 100 });
  } catch {
    await fail(`${what} (after ${seconds} s)`);
  }
};
// Frame rates over a few seconds: how often the page's requestAnimationFrame ran (the
// page's own pace: a long game frame delays it), how many frames the game drew
// (window.chogoFrames: none while the board is still, none while a bot only thinks), and
// the pace of the frames drawn while something moves: frames that follow the one before
// within 250 ms (an animation asks for every frame), over the time they span.
const frameRates = (seconds) => page.evaluate(async (ms) => {
  const frames0 = window.chogoFrames;
  const start = performance.now();
  let last = start;
  let worst = 0;
  let ticks = 0;
  let seen = frames0;
  let lastFrame = null;
  let moving = 0;
  let movingMs = 0;
  await new Promise((done) => {
    const tick = (now) => {
      ticks += 1;
      worst = Math.max(worst, now - last);
      last = now;
      if (window.chogoFrames !== seen) {
        const drawn = window.chogoFrames - seen;
        seen = window.chogoFrames;
        if (lastFrame !== null && now - lastFrame < 250) {
          moving += drawn;
          movingMs += now - lastFrame;
        }
        lastFrame = now;
      }
      if (now - start < ms) requestAnimationFrame(tick); else done();
    };
    requestAnimationFrame(tick);
  });
  const elapsed = (last - start) / 1000;
  return {
    raf: ticks / elapsed,
    game: (window.chogoFrames - frames0) / elapsed,
    worst,
    moving: movingMs > 0 ? moving / (movingMs / 1000) : null,
    movingFrames: moving,
  };
}, seconds * 1000);
const rates = (r) => `requestAnimationFrame ${r.raf.toFixed(1)}/s (longest gap ` +
  `${Math.round(r.worst)} ms), game frames ${r.game.toFixed(1)}/s` +
  (r.moving === null ? '' : `; while something moved ${r.moving.toFixed(1)} frames/s ` +
   `(${r.movingFrames} frames)`);
const click = async (x, y, pause = 400) => {
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.up();
  await page.waitForTimeout(pause);
};

try {
  await page.goto(url);
  await waitFor('the first frame', () => window.chogoFrames > 0, 180);
  const firstFrame = await value('chogoFirstFrameMs');
  const drawing = await page.evaluate(() => [window.chogoRenderer, window.chogoRenderScale,
    document.getElementById('bevy').width, document.getElementById('bevy').height]);
  step(`renderer: ${drawing[0]}; the game draws at ${drawing[1]} of the window's ` +
       `resolution (canvas ${drawing[2]} x ${drawing[3]})`);
  step(`first frame ${(firstFrame / 1000).toFixed(1)} s after the page started loading`);
  const wasm = await page.evaluate(() => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/chogo_bg.wasm'));
    return entry && { sent: entry.encodedBodySize, unpacked: entry.decodedBodySize };
  });
  if (!wasm) throw new Error('the page did not download chogo_bg.wasm');
  step(`the game's wasm came as ${(wasm.sent / 1e6).toFixed(2)} MB (${(wasm.unpacked / 1e6).toFixed(2)} MB unpacked)`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(shots, 'title.png') });
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => e.name).filter((n) => n.includes('/sounds/')).map((n) => n.split('/').pop()));
  const atTitle = await fetched();
  if (atTitle.some((n) => /^(win|lose|draw)\.wav/.test(n))) {
    await fail(`the end-of-game sounds were fetched for the title screen: ${atTitle}`);
  }
  step(`sounds fetched for the title screen: ${atTitle.length} (${atTitle.join(' ')})`);

  // Title screen: N opens the new game dialog, Enter starts (a person against Medium,
  // playing Black).
  await page.keyboard.press('n');
  await page.waitForTimeout(800);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  const plies0 = await value('chogoMoves');
  if (plies0 !== 0) await fail(`a new game has ${plies0} plies`);
  await page.mouse.move(1270, 10);
  await page.waitForTimeout(500);
  const still = await frameRates(3);
  step(`the still board, 3 s: ${rates(still)}`);
  // A still board draws nothing (a stray frame from a late event at most).
  if (still.game * 3 > 2.5) await fail(`the still board drew ${(still.game * 3).toFixed(0)} frames in 3 s`);

  // Drop Black's king on e3; Medium answers from the worker. Meanwhile a timer on the
  // page measures the longest time the page's thread was busy.
  await page.evaluate(() => {
    window.smokeGaps = [];
    let last = performance.now();
    window.smokeTimer = setInterval(() => {
      const now = performance.now();
      window.smokeGaps.push(now - last);
      last = now;
    }, 20);
  });
  const framesBefore = await value('chogoFrames');
  await click(490, 490, 100);
  await waitFor('the king drop', () => window.chogoMoves >= 1, 10);
  const dropped = Date.now();
  const busy = await frameRates(5);
  step(`5 s from the drop, the bot thinking and answering: ${rates(busy)}`);
  await waitFor("the bot's answer", () => window.chogoMoves >= 2, 60);
  const framesAfter = await value('chogoFrames');
  const longest = await page.evaluate(() => {
    clearInterval(window.smokeTimer);
    return Math.max(...window.smokeGaps);
  });
  const jobs = await value('chogoWorkerJobs');
  step(`the bot answered in ${((Date.now() - dropped) / 1000).toFixed(1)} s from its worker ` +
       `(${jobs} job); the page drew ${framesAfter - framesBefore} frames meanwhile, ` +
       `its longest busy stretch ${Math.round(longest)} ms (software rendering)`);
  if (!(jobs >= 1)) await fail('the bot did not think in its Web Worker');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(shots, 'game.png') });
  const inGame = await fetched();
  if (!['win.wav', 'lose.wav', 'draw.wav'].every((n) => inGame.includes(n))) {
    await fail(`the end-of-game sounds were not fetched once the game was under way: ${inGame}`);
  }
  step('the end-of-game sounds were fetched once the game was under way');

  // The same game in smaller windows and a phone held upright: the page follows the
  // window, and the board and the panel with it.
  for (const [width, height] of [[640, 400], [400, 300], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(1200);
    await page.screenshot({ path: join(shots, `game-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(800);

  // The game is saved in localStorage after every move.
  const saved = await page.evaluate(() => localStorage.getItem('chogo/game.json'));
  if (!saved || !saved.includes('1. e3')) await fail(`no saved game in localStorage: ${saved}`);
  step('the game is saved in localStorage');

  // A reload shows the title with Continue; Continue resumes the same game.
  await page.reload();
  await waitFor('the first frame after reloading', () => window.chogoFrames > 0, 180);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(shots, 'continue.png') });
  await page.keyboard.press('c');
  await page.waitForTimeout(1500);
  await waitFor('the resumed game',
    () => window.chogoGame === 'chogo' && window.chogoMoves >= 2, 10);
  step(`continued the saved game at ply ${await value('chogoMoves')}`);

  // Go with chess pieces: from the title, G opens the new game dialog on that game and
  // Enter starts 9 x 9 Go with rooks against Medium; a drop on e5, then the bot's answer
  // from the worker; the game is saved.
  await page.reload();
  await waitFor('the title after reloading', () => window.chogoFrames > 0, 180);
  await page.waitForTimeout(1500);
  await page.keyboard.press('g');
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(shots, 'go-new-game.png') });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(1500);
  await waitFor('a new game of Go with chess pieces',
    () => window.chogoGame === 'go' && window.chogoMoves === 0, 10);
  const goJobs = await value('chogoWorkerJobs') || 0;
  await click(453, 401, 100);
  await waitFor('the drop on e5', () => window.chogoMoves >= 1, 10);
  await waitFor("the bot's answer in Go with chess pieces", () => window.chogoMoves >= 2, 60);
  if (!((await value('chogoWorkerJobs')) > goJobs)) {
    await fail('the bot of Go with chess pieces did not think in the Web Worker');
  }
  await page.waitForTimeout(1500);
  await page.screenshot({ path: join(shots, 'go-game.png') });
  const goSaved = await page.evaluate(() => localStorage.getItem('chogo/go-game.json'));
  if (!goSaved || !goSaved.includes('go-with-pieces') || !goSaved.includes('e5')) {
    await fail(`no saved game of Go with chess pieces in localStorage: ${goSaved}`);
  }
  step('Go with chess pieces: dropped on e5, the bot answered from its worker, the game is saved');

  // Learn: the lessons are fetched beside the game, not built into it. From the title, E
  // opens the path and Enter its first stage; the king dropped on d4 reaches the goal.
  await page.reload();
  await waitFor('the title after reloading', () => window.chogoFrames > 0, 180);
  await page.waitForTimeout(1500);
  await page.keyboard.press('e');
  await page.waitForTimeout(1200);
  // The path opens on the game played last (Go with chess pieces here): Chogo's tab.
  await click(49, 68, 800);
  await page.screenshot({ path: join(shots, 'learn.png') });
  await page.keyboard.press('Enter');
  await waitFor('the first stage', () => window.chogoGame === 'chogo' && window.chogoMoves === 0
    && typeof window.chogoCoach === 'string' && window.chogoCoach.startsWith('Moves: 0'), 20);
  const lessons = await page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => e.name).filter((n) => n.includes('/lessons/')).map((n) => n.split('/').pop()));
  if (!lessons.includes('chogo.json')) await fail(`the lessons were not fetched: ${lessons}`);
  await page.screenshot({ path: join(shots, 'stage.png') });
  await click(400, 400, 100);
  await waitFor('the stage reached', () => String(window.chogoCoach).startsWith('Goal reached'), 20);
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(shots, 'stage-reached.png') });
  step(`Learn: the lessons fetched (${lessons.join(' ')}), the first stage: ${await value('chogoCoach')}`);

  // Puzzles: P from the title; the puzzles are fetched too, the opponent's move that sets
  // one is played, and the panel asks for the best move.
  await page.keyboard.press('Escape');
  await page.reload();
  await waitFor('the title after reloading', () => window.chogoFrames > 0, 180);
  await page.waitForTimeout(1500);
  // (The game played last is Go with chess pieces: its puzzles.)
  await page.keyboard.press('p');
  await waitFor('a puzzle set', () => window.chogoMoves === 1
    && String(window.chogoCoach).endsWith('find the best move'), 20);
  const puzzles = await page.evaluate(() => performance.getEntriesByType('resource')
    .map((e) => e.name).filter((n) => n.includes('/puzzles/')).map((n) => n.split('/').pop()));
  if (!puzzles.includes('go.jsonl')) await fail(`the puzzles were not fetched: ${puzzles}`);
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(shots, 'puzzle.png') });
  step(`Puzzles: ${await value('chogoCoach')} (fetched ${puzzles.join(' ')})`);

  if (errors.length) await fail(`console errors:\n  ${errors.join('\n  ')}`);

  // A trap of the module (a panic in the size build) is told to the player, not left as a
  // frozen board: an error event like the one a trap raises brings up the message.
  const told = await page.evaluate(() => {
    window.dispatchEvent(new ErrorEvent('error', { error: new WebAssembly.RuntimeError('unreachable') }));
    const status = document.getElementById('status');
    return status && status.isConnected && status.textContent;
  });
  if (!told || !told.includes('reload the page')) await fail(`no message after a trap: ${told}`);
  await page.screenshot({ path: join(shots, 'stopped.png') });
  step('a stopped module is reported on the page');
  step('ok');
} catch (error) {
  await fail(String(error));
}
// The browser's profile goes with the test (a run leaves nothing in the temp folder).
await close();
