// scratch play-test driver (temporary): an HTTP command server around one browser page
import http from 'node:http';
import { launch } from './browser.mjs';
const { page, close } = await launch();
const log = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') log.push(`${m.type()}: ${m.text()}`); });
page.on('pageerror', (e) => log.push('pageerror: ' + String(e)));
await page.goto('http://127.0.0.1:8799/');
await page.waitForFunction(() => window.chogoFrames > 0, null, { timeout: 180000 });
console.log('ready');
const server = http.createServer(async (req, res) => {
  let body = '';
  req.on('data', (c) => body += c);
  req.on('end', async () => {
    let out = 'ok';
    try {
      const cmds = JSON.parse(body);
      for (const c of cmds) {
        if (c.op === 'click') { await page.mouse.move(c.x, c.y); await page.waitForTimeout(150); await page.mouse.down(); await page.mouse.up(); await page.waitForTimeout(c.wait ?? 400); }
        else if (c.op === 'sclick') { await page.mouse.move(c.x, c.y); await page.waitForTimeout(150); await page.keyboard.down('Shift'); await page.mouse.down(); await page.mouse.up(); await page.keyboard.up('Shift'); await page.waitForTimeout(400); }
        else if (c.op === 'move') { await page.mouse.move(c.x, c.y); await page.waitForTimeout(c.wait ?? 400); }
        else if (c.op === 'key') { await page.keyboard.press(c.k); await page.waitForTimeout(c.wait ?? 400); }
        else if (c.op === 'type') { await page.keyboard.type(c.t, { delay: 20 }); await page.waitForTimeout(300); }
        else if (c.op === 'wheel') { await page.mouse.move(c.x, c.y); await page.mouse.wheel(0, c.dy); await page.waitForTimeout(400); }
        else if (c.op === 'wait') { await page.waitForTimeout(c.ms); }
        else if (c.op === 'shot') { await page.screenshot({ path: `/tmp/np2/${c.name}.png` }); }
        else if (c.op === 'size') { await page.setViewportSize({ width: c.w, height: c.h }); await page.waitForTimeout(1200); }
        else if (c.op === 'eval') { out = JSON.stringify(await page.evaluate(c.js)); }
        else if (c.op === 'reload') { await page.reload(); await page.waitForFunction(() => window.chogoFrames > 0, null, { timeout: 180000 }); await page.waitForTimeout(1500); }
        else if (c.op === 'log') { out = log.join('\n'); }
        else if (c.op === 'quit') { res.end('bye'); await close(); server.close(); process.exit(0); }
      }
    } catch (e) { out = 'ERR ' + e; }
    res.end(out);
  });
});
server.listen(8798, '127.0.0.1');
