/**
 * remote-create in the composed product, as standard@demo.local: an image, a video from an uploaded
 * picture (a PNG the test makes) and a song are generated and followed to success in the Generate List
 * without a reload, the header's credits fall by the cost the Generate button showed, all three are in
 * My Creations, one is downloaded and one deleted. Prompts that are too short or too long and an
 * unsupported upload show the spec's texts and send no create call; leaving while a task runs asks
 * first. The time from pressing Generate to the task's first visible state is measured and reported.
 */
import { expect, test } from '../support/login';
import type { Locator, Page, Request } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { PARTS_APART_TAG } from '../support/origins';

const TEXTS = {
  tooLong: 'Your prompt is too long. Please shorten it',
  lyricsShort: 'Lyrics must be at least 10 characters long',
  musicEmpty: 'Please enter song lyrics or prompt to generate music',
  unsupported: 'Unsupported format',
  inProgress: 'Your task is in progress. Are you sure you want to leave?',
  notDownloaded: 'Your work has not been downloaded. Are you sure you want to leave?',
};

// ---- a PNG made here: RGB gradient, zlib-compressed scanlines, CRC'd chunks ----
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function makePng(width: number, height: number): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * row + 1 + x * 3;
      raw[at] = Math.round((x * 255) / width);
      raw[at + 1] = Math.round((y * 255) / height);
      raw[at + 2] = 150;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

// ---- helpers ----

async function headerCredits(page: Page): Promise<number> {
  return Number(await page.getByTestId('header-credits').textContent());
}

/** The cost the Generate button shows, in credits. */
async function shownCost(page: Page): Promise<number> {
  const label = page.getByTestId('generate-cost');
  await expect(label).toHaveText(/\d+ credits?/);
  return Number(/(\d+)/.exec((await label.textContent()) ?? '')?.[1]);
}

/** Records the create calls of generation algorithms (not the sensitive-content checks). */
function watchCreates(page: Page): { creates: string[]; tokens: string[] } {
  const seen = { creates: [] as string[], tokens: [] as string[] };
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && url.pathname.startsWith('/v1/ai/create/') && !url.pathname.endsWith('_sensitive_detect')) seen.creates.push(url.pathname);
    if (url.pathname === '/v1/common/oss/token') seen.tokens.push(url.search);
  });
  return seen;
}

/**
 * Presses Generate and answers the new task's card and the milliseconds until it was visible.
 */
async function generate(page: Page): Promise<{ card: Locator; taskId: string; ms: number }> {
  const list = page.getByTestId('generate-list');
  const before = new Set(await list.getByTestId('task-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-task-id'))));
  const pressed = Date.now();
  await page.getByTestId('generate-button').click();
  let taskId = '';
  await expect
    .poll(
      async () => {
        const ids = await list.getByTestId('task-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-task-id')));
        taskId = ids.find((id) => id && !before.has(id)) ?? '';
        return taskId;
      },
      { intervals: [25], timeout: 20_000 },
    )
    .not.toBe('');
  const ms = Date.now() - pressed;
  return { card: list.locator(`[data-testid=task-card][data-task-id="${taskId}"]`), taskId, ms };
}

async function expectSuccess(card: Locator): Promise<void> {
  await expect(card).toHaveAttribute('data-status', 'success', { timeout: 150_000 });
}

/** Navigates by the side menu; answers the Reminder with Leave when the screen asks. */
async function leaveTo(page: Page, link: string): Promise<string | null> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: link }).click();
  const reminder = page.getByRole('dialog', { name: 'Reminder' });
  const asked = await reminder.waitFor({ timeout: 1500 }).then(
    () => true,
    () => false,
  );
  if (!asked) return null;
  const text = (await reminder.textContent()) ?? '';
  await reminder.getByRole('button', { name: 'Leave' }).click();
  return text;
}

test.describe.serial('creation screens, Generate List and My Creations (standard@demo.local)', () => {
  let page: Page;
  const created: Record<'image' | 'video' | 'song', string> = { image: '', video: '', song: '' };
  const latencies: { mode: string; ms: number }[] = [];

  test.beforeAll(async ({ browser, signIn }) => {
    page = await browser.newPage();
    await signIn(page, 'standard@demo.local');
  });

  test.afterAll(async () => {
    if (latencies.length) {
      const summary = latencies.map((entry) => `${entry.mode} ${entry.ms} ms`).join(', ');
      console.log(`[create.spec] Generate pressed -> first visible task state: ${summary}`);
      test.info().annotations.push({ type: 'generate-to-queued', description: summary });
    }
    await page.close();
  });

  test('an image: shown cost, queued in the Generate List, success without a reload, credits fall by the cost', { tag: PARTS_APART_TAG }, async () => {
    test.setTimeout(180_000);
    await page.goto('/text-to-image');
    await page.getByRole('textbox', { name: 'Prompt' }).fill('A glass teapot with a blooming flower inside, studio product shot');
    await page.getByRole('group', { name: 'Number of images' }).getByRole('radio', { name: '1', exact: true }).check();
    const cost = await shownCost(page);
    expect(cost).toBe(1);
    const credits = await headerCredits(page);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    const { card, taskId, ms } = await generate(page);
    latencies.push({ mode: 'text to image', ms });
    created.image = taskId;
    await expect(page.getByTestId('header-credits')).toHaveText(String(credits - cost));
    await expectSuccess(card);
    await expect(card.getByRole('button', { name: 'Preview image 1 of 1' })).toBeVisible();
    expect(navigations).toEqual([]);
    await expect(page.getByTestId('header-credits')).toHaveText(String(credits - cost));
  });

  test('a video from an uploaded picture: agreement once, upload, success, credits fall by the cost', async () => {
    test.setTimeout(240_000);
    await page.goto('/image-to-video');
    await page
      .getByTestId('image-input-first')
      .locator('input[type=file]')
      .setInputFiles({ name: 'first-frame.png', mimeType: 'image/png', buffer: makePng(640, 360) });
    const agreement = page.getByRole('dialog', { name: 'User agreement' });
    await agreement.getByRole('button', { name: 'Agree' }).click();
    await expect(page.getByTestId('image-input-first').getByTestId('uploaded-size')).toHaveText('Uploaded · 640 × 360 px');
    const cost = await shownCost(page);
    expect(cost).toBe(30);
    const credits = await headerCredits(page);

    const { card, taskId, ms } = await generate(page);
    latencies.push({ mode: 'image to video', ms });
    created.video = taskId;
    await expect(page.getByTestId('header-credits')).toHaveText(String(credits - cost));
    await expectSuccess(card);
    await expect(card.locator('video')).toHaveAttribute('src', /.+/);
    await expect(card.getByText('Playback Failed')).toHaveCount(0);
    // the agreement is remembered
    await page.reload();
    await page
      .getByTestId('image-input-first')
      .locator('input[type=file]')
      .setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: makePng(320, 320) });
    await expect(page.getByTestId('image-input-first').getByTestId('uploaded-size')).toHaveText('Uploaded · 320 × 320 px');
    await expect(page.getByRole('dialog', { name: 'User agreement' })).toHaveCount(0);
  });

  test('a song: lyrics, a style, no unlock prompt (nothing is locked), success with an audio player', async () => {
    test.setTimeout(180_000);
    await page.goto('/text-to-music?tab=song');
    await page.getByRole('textbox', { name: 'Lyrics' }).fill('Sunlight on the harbor, boats come sailing home\nSing along the shoreline, we are not alone');
    await page.getByRole('button', { name: 'Folk', exact: true }).click();
    const cost = await shownCost(page);
    const credits = await headerCredits(page);

    const { card, taskId, ms } = await generate(page);
    await expect(page.getByRole('dialog', { name: 'Unlock the full audio' })).toHaveCount(0);
    latencies.push({ mode: 'text to song', ms });
    created.song = taskId;
    await expect(page.getByTestId('header-credits')).toHaveText(String(credits - cost));
    await expectSuccess(card);
    await expect(card.getByTestId('audio-player')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Play / })).toBeEnabled();
  });

  test('too short and too long prompts and an unsupported upload show the spec texts and send no create call', async () => {
    const seen = watchCreates(page);
    await page.goto('/text-to-music?tab=song');
    await page.getByTestId('generate-button').click();
    await expect(page.getByTestId('generate-error')).toHaveText(TEXTS.musicEmpty);
    await page.getByRole('textbox', { name: 'Lyrics' }).fill('la la');
    await page.getByTestId('generate-button').click();
    await expect(page.getByTestId('generate-error')).toHaveText(TEXTS.lyricsShort);

    await page.goto('/text-to-image');
    const fiftyOne = Array.from({ length: 51 }, (_, i) => `word${i}`).join(' ');
    await page.getByRole('textbox', { name: 'Prompt' }).fill(fiftyOne);
    await expect(page.getByText('51 / 50 words')).toBeVisible();
    await page.getByTestId('generate-button').click();
    await expect(page.getByTestId('generate-error')).toHaveText(TEXTS.tooLong);

    await page.goto('/image-to-image');
    await page.getByTestId('image-input-source').locator('input[type=file]').setInputFiles({ name: 'animation.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByTestId('image-input-source').getByRole('alert')).toHaveText(TEXTS.unsupported);
    // a text file that calls itself a PNG does not decode
    await page.getByTestId('image-input-source').locator('input[type=file]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await expect(page.getByTestId('image-input-source').getByRole('alert')).toHaveText(TEXTS.unsupported);

    await page.waitForTimeout(500);
    expect(seen.creates).toEqual([]);
    expect(seen.tokens).toEqual([]);
  });

  test('leaving while a task runs asks first (Reminder: Cancel stays, Leave goes)', async () => {
    test.setTimeout(180_000);
    await page.goto('/text-to-video');
    await page.getByRole('textbox', { name: 'Video script' }).fill('Time-lapse of clouds rolling over a mountain ridge, golden hour, wide angle');
    const { card } = await generate(page);
    await expect(card).toHaveAttribute('data-status', /queued|generating/);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Creations' }).click();
    const reminder = page.getByRole('dialog', { name: 'Reminder' });
    await expect(reminder).toContainText(TEXTS.inProgress);
    await reminder.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/text-to-video$/);
    await expect(reminder).toBeHidden();
    // the go-back modal asks too
    await page.getByRole('button', { name: 'Back to home' }).click();
    const goBack = page.getByRole('dialog', { name: 'Exit current mission' });
    await expect(goBack).toContainText('Returning to the home page will discard your current task. Are you sure you want to return?');
    await goBack.getByRole('button', { name: 'Cancel' }).click();
    await expectSuccess(card);
    // finished but not downloaded: the second reason
    const asked = await leaveTo(page, 'My Creations');
    expect(asked).toContain(TEXTS.notDownloaded);
    await expect(page.getByRole('heading', { name: 'My Creations', level: 1 })).toBeVisible();
  });

  test('My Creations lists all three, filters by media, downloads one and deletes one', async () => {
    test.setTimeout(120_000);
    await page.goto('/libraries');
    const grid = page.getByTestId('library-grid');
    for (const id of Object.values(created)) await expect(grid.locator(`[data-task-id="${id}"]`)).toBeVisible();

    await page.getByRole('tab', { name: 'Image' }).click();
    await expect(grid.locator(`[data-task-id="${created.image}"]`)).toBeVisible();
    await expect(grid.locator(`[data-task-id="${created.video}"]`)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Audio' }).click();
    await expect(grid.locator(`[data-task-id="${created.song}"]`)).toBeVisible();
    await expect(grid.locator(`[data-task-id="${created.image}"]`)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Video' }).click();
    const video = grid.locator(`[data-task-id="${created.video}"]`);
    await expect(video).toBeVisible();

    const pending = page.waitForEvent('download');
    await video.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await pending;
    expect(download.suggestedFilename()).toMatch(/\.mp4$/);
    expect((await download.failure()) ?? null).toBeNull();

    await page.getByRole('tab', { name: 'All' }).click();
    const image = grid.locator(`[data-task-id="${created.image}"]`);
    // a finished result's delete waits in its menu of less used actions
    await image.getByRole('button', { name: /^More actions for/ }).click();
    await image.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(image).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('library-grid').locator(`[data-task-id="${created.video}"]`)).toBeVisible();
    await expect(page.getByTestId('library-grid').locator(`[data-task-id="${created.image}"]`)).toHaveCount(0);
  });
});
