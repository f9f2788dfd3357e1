/**
 * Issue 28 in the composed product: a member makes a personal API key in the account center (Developer
 * API, from the account panel), registers a webhook on a local receiver, generates an image with the key
 * over plain HTTP (as the /developers guide's curl does), sees the task in the Generate List and the spend
 * under the key's name in Credit Transitions, receives the signed webhook, revokes the key and sees the
 * next call refused.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { confirmAddress } from '../support/inbox';
import { signUp } from '../support/login';

const PORT = Number(process.env.E2E_PORT ?? 8091);
const API = `http://127.0.0.1:${PORT}`;
/** the local webhook receiver (a port beside the product's) */
const RECEIVER_PORT = Number(process.env.E2E_WEBHOOK_PORT ?? PORT + 50);

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function openDeveloper(page: Page) {
  await page.getByTestId('account-avatar').click();
  const panel = page.getByRole('dialog', { name: 'Account' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Developer API' }).click();
  const dialog = page.getByRole('dialog', { name: 'Developer API' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe.serial('developer API (issue 28)', () => {
  const hits: Hit[] = [];
  let server: http.Server;
  let page: Page;
  let key = '';
  let secret = '';
  let taskId = '';

  test.beforeAll(async ({ browser }) => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        hits.push({ headers: request.headers, body });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(RECEIVER_PORT, '127.0.0.1', () => resolve()));
    // a context of its own: confirming the address opens the mail's link in a second tab of it
    page = await (await browser.newContext()).newPage();
    // a new member's credits wait for a confirmed address (issue 23), and a key spends the owner's credits
    await confirmAddress(page, await signUp(page, 'developer'));
  });
  test.afterAll(async () => {
    await page?.context().close();
    await new Promise((resolve) => server?.close(resolve));
  });

  test('create a key (shown once) and a webhook (secret shown once) in the account center', async () => {
    const dialog = await openDeveloper(page);
    await dialog.getByLabel('Key name').fill('e2e script');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = dialog.getByTestId('shown-once');
    await expect(shown).toHaveValue(/^sk_studio_/);
    key = await shown.inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByTestId('shown-once')).toHaveCount(0);
    const row = dialog.locator('[data-testid=api-key-row][data-key-name="e2e script"]');
    await expect(row).toContainText(key.slice(0, 16));
    await expect(row).not.toContainText(key);

    await dialog.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${RECEIVER_PORT}/hook`);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByTestId('shown-once')).toHaveValue(/^whsec_/);
    secret = await dialog.getByTestId('shown-once').inputValue();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog.getByTestId('webhook-endpoint')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('generate an image with the key over HTTP: the task is in the Generate List, the spend under the key, the signed webhook arrives', async () => {
    test.setTimeout(120_000);
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const created = await fetch(`${API}/v1/ai/create/text2image`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ data: { prompt: 'a lighthouse at dusk, oil painting' }, user_data: { module: 'text-to-image' } }),
    });
    const body = (await created.json()) as { code: number; data: { task_id: string; cost: number } };
    expect(body.code).toBe(0);
    taskId = body.data.task_id;
    await expect
      .poll(async () => ((await (await fetch(`${API}/v1/ai/result/task/${taskId}`, { headers: auth })).json()) as { data: { status: string } }).data.status, {
        timeout: 90_000,
      })
      .toBe('success');

    await page.goto('/text-to-image');
    await expect(page.getByTestId('generate-list').locator(`[data-testid=task-card][data-task-id="${taskId}"]`)).toBeVisible();

    await page.getByTestId('account-avatar').click();
    const panel = page.getByRole('dialog', { name: 'Account' });
    await panel.getByRole('button', { name: 'Credit Transitions' }).click();
    const transactions = page.getByRole('dialog', { name: 'Credit Transitions' });
    await transactions.getByRole('tab', { name: 'Consumption' }).click();
    await expect(transactions.getByText('API key "e2e script"')).toBeVisible();
    await page.keyboard.press('Escape');

    await expect.poll(() => hits.some((hit) => hit.body.includes(taskId)), { timeout: 30_000 }).toBe(true);
    const hit = hits.find((entry) => entry.body.includes(taskId))!;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(hit.headers['studio-signature'])) ?? [];
    expect(createHmac('sha256', secret).update(`${t}.${hit.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(hit.body)).toMatchObject({ type: 'task.succeeded', data: { task: { task_id: taskId, status: 'success' } } });

    const dialog = await openDeveloper(page);
    await expect(dialog.locator('[data-testid=key-usage][data-key-name="e2e script"] [data-testid=key-usage-credits]')).toHaveText(String(body.data.cost));
    await dialog.getByRole('button', { name: 'Deliveries' }).click();
    await expect(dialog.getByTestId('webhook-delivery').first()).toHaveAttribute('data-status', 'delivered');
    await page.keyboard.press('Escape');
  });

  test('the /developers guide is served on the product origin with a curl line for it, linked from the account center', async ({ browser }) => {
    const dialog = await openDeveloper(page);
    await expect(dialog.getByRole('link', { name: 'the developer guide' })).toHaveAttribute('href', '/developers');
    await page.keyboard.press('Escape');
    const guide = await browser.newPage();
    await guide.goto('/developers');
    await expect(guide.getByRole('heading', { level: 1, name: 'Developer API' })).toBeVisible();
    const origin = new URL(guide.url()).origin;
    await expect(guide.getByText(`curl -s -X POST ${origin}/v1/ai/create/text2image`)).toBeVisible();
    await expect(guide.getByText('verifyStudioSignature', { exact: false }).first()).toBeVisible();
    await guide.close();
  });

  test('revoke the key after a confirmation: the next call is refused', async () => {
    const dialog = await openDeveloper(page);
    await dialog.getByRole('button', { name: 'Revoke e2e script' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke "e2e script"?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(dialog.locator('[data-testid=api-key-row][data-key-name="e2e script"]')).toContainText('Revoked');
    const refused = await fetch(`${API}/v1/ai/result/task/${taskId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: number }).code).toBe(401);
  });
});
