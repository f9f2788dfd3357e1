// Dev aid: `npx tsx scripts/screenshot.ts URL out.png [width height]` shows what a person sees (Debian chromium).
import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
const [url, out, width = '1280', height = '800'] = process.argv.slice(2);
(async () => {
  const ctx = await chromium.launchPersistentContext(mkdtempSync('/tmp/chr-'), {
    executablePath: '/usr/bin/chromium', headless: true,
    viewport: { width: Number(width), height: Number(height) },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP *.studio.test 127.0.0.1'],
  });
  const page = await ctx.newPage();
  page.on('console', (m) => console.log('console:', m.type(), m.text()));
  page.on('requestfailed', (r) => console.log('reqfail', r.url()));
  page.on('response', (r) => { if (r.status() >= 400) console.log('http', r.status(), r.url()); });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await page.screenshot({ path: out });
  console.log((await page.content()).slice(0, 1500));
  await ctx.close();
})();
