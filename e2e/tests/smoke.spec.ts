import { expect, test } from '@playwright/test';
import { DIRECT as direct, PARTS_APART_TAG } from '../support/origins';

test('the composed product serves the shell and the remotes manifest', { tag: PARTS_APART_TAG }, async ({ page, request }) => {
  const manifest = await request.get(`${direct}/remotes.json`);
  expect(manifest.headers()['cache-control']).toBe('no-store');
  const body = (await manifest.json()) as { remotes: { name: string; entry: string }[] };
  expect(body.remotes.map((remote) => remote.name)).toContain('remote_explore');
  await page.goto('/home');
  await expect(page).toHaveTitle(/AI Video Generator/);
});
