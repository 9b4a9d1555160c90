// Frame rates of the web build in Debian's headless Chromium (software WebGL2), for
// docs/PERFORMANCE.md, "Frame times": `web/test.sh --frames`. For each window size and each way of
// drawing (the page's choice: a software renderer draws a big window at a lower
// resolution; every pixel; every pixel with Bevy's default four samples), the page is
// loaded with `?every-frame` (the game draws every frame instead of only when something
// changes) and the frames drawn in 3 s are counted on the title screen and on the board
// of a new game. Then, for comparison, a bare WebGL2 page at 1280 x 800 fills the window
// with K blended passes into an RGBA8 or an sRGB texture and copies it to the canvas.
// Usage: node frames.mjs URL
import { launch } from './browser.mjs';

const [url] = process.argv.slice(2);
if (!url) {
  console.error('usage: node frames.mjs URL');
  process.exit(2);
}
const { page, close } = await launch();

const rate = () => page.evaluate(async () => {
  const frames0 = window.chogoFrames;
  const start = performance.now();
  await new Promise((done) => setTimeout(done, 3000));
  return (window.chogoFrames - frames0) / ((performance.now() - start) / 1000);
});

// The bare WebGL2 page: K full-window blended passes a frame into a texture (sRGB or not),
// then a copy to the canvas.
const FILL = `<!doctype html><html><body style="margin:0"><canvas id=c width=1280 height=800></canvas><script>
const q = new URLSearchParams(location.search);
const K = Number(q.get('passes')), SRGB = q.has('srgb');
const gl = document.getElementById('c').getContext('webgl2', {antialias: false});
const vs = \`#version 300 es
void main(){ vec2 p = vec2((gl_VertexID<<1)&2, gl_VertexID&2); gl_Position = vec4(p*2.0-1.0,0,1);} \`;
const fs = \`#version 300 es
precision highp float; uniform float t; out vec4 o; void main(){ o = vec4(fract(gl_FragCoord.x/97.0+t), gl_FragCoord.y/800.0, 0.5, 0.5);} \`;
function sh(type, src){ const s = gl.createShader(type); gl.shaderSource(s, src); gl.compileShader(s); return s; }
const p = gl.createProgram(); gl.attachShader(p, sh(gl.VERTEX_SHADER, vs)); gl.attachShader(p, sh(gl.FRAGMENT_SHADER, fs)); gl.linkProgram(p);
const tex = gl.createTexture(); gl.bindTexture(gl.TEXTURE_2D, tex);
gl.texStorage2D(gl.TEXTURE_2D, 1, SRGB ? gl.SRGB8_ALPHA8 : gl.RGBA8, 1280, 800);
const fb = gl.createFramebuffer(); gl.bindFramebuffer(gl.FRAMEBUFFER, fb); gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, tex, 0);
gl.useProgram(p); const tl = gl.getUniformLocation(p, 't');
window.frames_ = 0;
function frame(t){ gl.bindFramebuffer(gl.FRAMEBUFFER, fb); gl.clearColor(0.1,0.1,0.1,1); gl.clear(gl.COLOR_BUFFER_BIT);
 gl.enable(gl.BLEND); gl.blendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA);
 for (let i=0;i<K;i++){ gl.uniform1f(tl, t/1000+i*0.1); gl.drawArrays(gl.TRIANGLES,0,3); }
 gl.bindFramebuffer(gl.READ_FRAMEBUFFER, fb); gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, null);
 gl.blitFramebuffer(0,0,1280,800,0,0,1280,800,gl.COLOR_BUFFER_BIT,gl.NEAREST);
 window.frames_++; requestAnimationFrame(frame);}
requestAnimationFrame(frame);
</script></body></html>
`;

try {
  await page.route('http://fill.invalid/**', (route) => route.fulfill({ body: FILL, contentType: 'text/html' }));
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const srgb of [false, true]) {
    for (const passes of [1, 3, 6]) {
      await page.goto(`http://fill.invalid/?passes=${passes}${srgb ? '&srgb' : ''}`);
      await page.waitForTimeout(1500);
      const f0 = await page.evaluate(() => window.frames_);
      await page.waitForTimeout(3000);
      const f1 = await page.evaluate(() => window.frames_);
      console.log(`fill: 1280x800, ${passes} blended pass${passes > 1 ? 'es' : ''} into ${srgb ? 'an sRGB' : 'an RGBA8'} texture: ${((f1 - f0) / 3).toFixed(1)} frames/s`);
    }
  }
  for (const [width, height] of [[1280, 800], [640, 400]]) {
    await page.setViewportSize({ width, height });
    // The page's own choice (a software renderer draws a big window at a lower
    // resolution), then every pixel drawn, without and with Bevy's four samples.
    for (const [name, query] of [['as the page chooses', 'every-frame'],
      ['every pixel, no multisampling', 'every-frame&scale=1'],
      ['every pixel, 4x multisampling', 'every-frame&scale=1&msaa=4']]) {
      // Each page starts from nothing saved (the title without Continue, a new game).
      await page.goto(`${url}?${query}`);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.waitForFunction(() => window.chogoFrames > 0, null, { timeout: 180000 });
      await page.waitForTimeout(2000);
      const title = await rate();
      await page.keyboard.press('n');
      await page.waitForTimeout(800);
      await page.keyboard.press('Enter');
      await page.waitForTimeout(2000);
      const game = await rate();
      const scale = await page.evaluate(() => window.chogoRenderScale);
      console.log(`frames: ${width}x${height}, ${name} (scale ${scale.toFixed(2)}): title ${title.toFixed(1)}/s, game ${game.toFixed(1)}/s`);
    }
  }
} finally {
  await close();
}
