import { expect, test } from '@playwright/test';

// chromium maps *.studio.test to loopback; node's own requests go to the loopback address directly
const direct = `http://127.0.0.1:${process.env.E2E_PORT ?? 8091}`;

test('the composed product serves the shell and the remotes manifest', async ({ page, request }) => {
  const manifest = await request.get(`${direct}/remotes.json`);
  expect(manifest.headers()['cache-control']).toBe('no-store');
  const body = (await manifest.json()) as { remotes: { name: string; entry: string }[] };
  expect(body.remotes.map((remote) => remote.name)).toContain('remote_explore');
  await page.goto('/home');
  await expect(page).toHaveTitle(/AI Video Generator/);
});
