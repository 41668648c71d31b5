import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/browser';
import { startApp } from '../e2e/app';

/**
 * The renderer's initial JavaScript (gzip, target ≤ 300 KB) and the time from starting browser mode to the
 * first leg rendered (target < 1.5 s), beside a baseline measured in the same run: the same browser loading a
 * one-line page from a bare node:http server. Needs `vite build` first (npm run build).
 */
const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<string> {
  // Initial JavaScript: what index.html loads (its module script and preloads); lazy pages come later.
  const html = readFileSync('out/renderer/index.html', 'utf8');
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  const gzip = scripts.reduce((n, f) => n + gzipSync(readFileSync(`out/renderer/${f}`)).length, 0);

  const browser = await launchChromium();
  const bare = createServer((_, res) => res.end('<!doctype html><p id="ready">ready</p>'));
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;
  const baseline: number[] = [];
  const app: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage();
      let t = performance.now();
      await page.goto(bareUrl);
      await page.locator('#ready').waitFor();
      baseline.push(performance.now() - t);
      await page.close();

      const fresh = await browser.newPage();
      t = performance.now();
      const started = await startApp();
      await fresh.goto(started.url);
      // The first leg is rendered once the flow starts: its request form and signature trace are on screen.
      await fresh.getByRole('button', { name: 'Start the OAuth 1.0a flow' }).click();
      await fresh.getByRole('heading', { name: 'Signature base string' }).waitFor();
      app.push(performance.now() - t);
      await fresh.close();
      await started.close();
    }
  } finally {
    await browser.close();
    bare.close();
  }
  const kb = (gzip / 1024).toFixed(1);
  return [
    `initial renderer JavaScript: ${kb} KB gzip in ${scripts.length} file(s) loaded by index.html (target ≤ 300 KB: ${gzip <= 300 * 1024 ? 'met' : 'NOT met'})`,
    `browser mode start to first leg rendered: median ${median(app).toFixed(0)} ms over ${RUNS} runs (target < 1500 ms: ${median(app) < 1500 ? 'met' : 'NOT met'})`,
    `baseline, a one-line page from bare node:http in the same browser: median ${median(baseline).toFixed(0)} ms (ratio ${(median(app) / median(baseline)).toFixed(1)}x)`,
  ].join('\n');
}
