/**
 * The showcase job: renders the explore items, template and effect previews, examples and prompt samples
 * with the product's own engines, on first start, as a job on the queue (never in a request). Each piece
 * is written as soon as it exists (the gallery fills progressively) and is skipped when it exists already,
 * so a rerun after a crash resumes where it stopped and a second run renders nothing.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Database, Queryable } from '@studio/db';
import type { EngineJob, EngineResult } from '@studio/engines/types';
import type { TaskEngines } from '../tasks/worker.js';
import type { MediaStore } from '../storage/media.js';
import { renderMissingPreviews } from '../tool-previews/render.js';
import type { ShowcaseSize } from './showcase-size.js';
import { CATEGORIES, DEMO_SOURCES, EXPLORE, SAMPLE_SOURCES, SHOWCASE_VERSION, TEMPLATES, type SeedExplore, type SeedTemplate } from './showcase-data.js';

export const SHOWCASE_UID = '00000000-0000-4000-8000-000000005757';
const KEEP_UNTIL = new Date('2100-01-01T00:00:00Z');

export const showcaseRunKey = (size: ShowcaseSize) => `${SHOWCASE_VERSION}-${size}`;
const pick = <T extends { small?: boolean }>(list: T[], size: ShowcaseSize) => (size === 'full' ? list : list.filter((item) => item.small));

/** Writes the template categories and templates (data; their media come from the job). Safe at every start. */
export async function writeCatalogue(db: Queryable, size: ShowcaseSize): Promise<void> {
  for (const [sort, c] of CATEGORIES.entries()) {
    await db.query(
      `INSERT INTO tpl_categories (id, fun_module, media, title, sort) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, sort = EXCLUDED.sort`,
      [c.id, c.fun_module, c.media, c.title, sort],
    );
  }
  for (const [sort, t] of pick(TEMPLATES, size === 'off' ? 'full' : size).entries()) {
    await db.query(
      `INSERT INTO templates (id, slug, category_id, name, description, tip, algorithm, module, fields, inputs, hot, rule_show, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, module = EXCLUDED.module, algorithm = EXCLUDED.algorithm, description = EXCLUDED.description, tip = EXCLUDED.tip,
         fields = EXCLUDED.fields, inputs = EXCLUDED.inputs, hot = EXCLUDED.hot, rule_show = EXCLUDED.rule_show, sort = EXCLUDED.sort`,
      [t.id, t.slug, t.category, t.name, t.description, t.tip, t.algorithm, t.module, JSON.stringify(t.fields), JSON.stringify(t.inputs), t.hot, t.rule_show, sort],
    );
  }
}

export interface ShowcaseDeps {
  db: Database;
  media: MediaStore;
  engines: TaskEngines;
  size: ShowcaseSize;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface ShowcaseReport {
  rendered: number;
  skipped: number;
  bytes: number;
  ms: number;
}

interface Stored {
  path: string;
  bytes: number;
}

type Params = Record<string, string | number>;

/** the engines, the storage and the media rows the showcase writes through */
function createRenderer(deps: ShowcaseDeps, report: ShowcaseReport, workRoot: string) {
  const { db, media, engines } = deps;
  const sources = new Map<string, string>();

  async function render(algorithm: string, params: Params, inputs: string[] = []): Promise<EngineResult> {
    const workDir = path.join(workRoot, randomUUID());
    await mkdir(workDir, { recursive: true });
    const job = { taskId: `showcase-${randomUUID()}`, algorithm, params, inputs } as EngineJob;
    return engines.run(job, { workDir, onProgress: () => undefined, signal: new AbortController().signal });
  }

  async function source(prompt: string): Promise<string> {
    const known = sources.get(prompt);
    if (known) return known;
    const result = await render('text2image', { prompt, ratio: '3:4', num: 1 });
    sources.set(prompt, result.outputs[0].path);
    return result.outputs[0].path;
  }

  async function store(file: string, key: string, kind: { media: 'image' | 'video' | 'audio'; mime: string; format: string; width?: number; height?: number; duration?: number; algorithm: string }): Promise<Stored> {
    const storagePath = `showcase/${SHOWCASE_VERSION}/${key}`;
    await media.storage.putFile(storagePath, file, { contentType: kind.mime });
    const size = (await stat(file)).size;
    await media.record(db, {
      path: storagePath,
      userId: SHOWCASE_UID,
      kind: 'result',
      media: kind.media,
      format: kind.format,
      mime: kind.mime,
      size,
      width: kind.width ?? 0,
      height: kind.height ?? 0,
      duration: kind.duration ?? 0,
      algorithm: kind.algorithm,
      taskId: null,
      expiresAt: KEEP_UNTIL,
    });
    report.bytes += size;
    return { path: storagePath, bytes: size };
  }

  /** the picture as webp (full size) and a 400 px wide thumbnail */
  async function storePicture(file: string, key: string, algorithm: string): Promise<{ full: Stored; thumb: Stored; width: number; height: number }> {
    const fullFile = `${file}.full.webp`;
    const thumbFile = `${file}.thumb.webp`;
    const info = await sharp(file).webp({ quality: 82 }).toFile(fullFile);
    const thumb = await sharp(file).resize({ width: 400, withoutEnlargement: true }).webp({ quality: 78 }).toFile(thumbFile);
    const base = { media: 'image' as const, mime: 'image/webp', format: 'webp', algorithm };
    return {
      full: await store(fullFile, `${key}.webp`, { ...base, width: info.width, height: info.height }),
      thumb: await store(thumbFile, `${key}-thumb.webp`, { ...base, width: thumb.width, height: thumb.height }),
      width: info.width,
      height: info.height,
    };
  }

  return { render, source, store, storePicture };
}

type Renderer = ReturnType<typeof createRenderer>;

async function renderExplore(deps: ShowcaseDeps, r: Renderer, report: ShowcaseReport, item: SeedExplore): Promise<void> {
  const { db } = deps;
  const { render, source, store, storePicture } = r;
  const done = await db.query('SELECT 1 FROM explore_items WHERE seed_key = $1', [`explore:${item.id}`]);
  if (done.rows.length) {
    report.skipped += 1;
    return;
  }
  const inputs = item.source ? [await source(item.source)] : [];
  const result = await render(item.algorithm, item.params, inputs);
  const output = result.outputs[0];
  const key = `explore-${item.id}`;
  let filePath: string;
  let thumbPath: string;
  let width = output.width ?? 0;
  let height = output.height ?? 0;
  if (output.media === 'image') {
    const stored = await storePicture(output.path, key, item.algorithm);
    filePath = stored.full.path;
    thumbPath = stored.thumb.path;
    width = stored.width;
    height = stored.height;
  } else {
    const ext = output.media === 'video' ? 'mp4' : 'mp3';
    filePath = (await store(output.path, `${key}.${ext}`, { media: output.media, mime: output.mime, format: ext, width, height, duration: output.duration, algorithm: item.algorithm })).path;
    const still = output.media === 'video' ? await posterOf(output.path) : await coverOf(item.title, `${output.path}.cover.png`);
    const stored = await storePicture(still, `${key}-poster`, item.algorithm);
    thumbPath = stored.thumb.path;
    if (output.media === 'audio') {
      width = stored.width;
      height = stored.height;
    }
  }
  const settings = Object.entries(item.params).map(([field, val]) => ({ field, val }));
  const prompt = String(item.params.prompt ?? '');
  // the title says what the picture shows (a procedural preview draws a scene, not the prompt's subject), and
  // the item carries the engine that made it, shown as the result badge
  const title = result.metadata.caption ?? item.title;
  const engine = { name: result.metadata.engine, model: result.metadata.model, note: result.metadata.note };
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO explore_items (id, user_id, seed_key, title, media, algorithm, module, prompt, settings, file_path, thumbnail_path, width,
         height, duration, recommend, sort, engine)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) ON CONFLICT DO NOTHING`,
      [item.id, SHOWCASE_UID, `explore:${item.id}`, title, output.media, item.algorithm, item.module, prompt, JSON.stringify(settings), filePath,
        thumbPath, width, height, output.duration ?? 0, item.recommend, -item.id, JSON.stringify(engine)],
    );
    const demoKey = Object.entries(DEMO_SOURCES).find(([, s]) => s.from === 'explore' && s.algorithm === item.algorithm)?.[0];
    if (demoKey) await addDemo(tx, demoKey, `explore:${item.id}`, title, output.media, filePath, thumbPath, item.id);
    for (const [sampleKey, algorithm] of Object.entries(SAMPLE_SOURCES)) {
      if (algorithm !== item.algorithm || !prompt) continue;
      await tx.query(
        `INSERT INTO prompt_samples (key, seed_key, prompt, thumbnail_path, sort) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (seed_key) DO NOTHING`,
        [sampleKey, `sample:${sampleKey}:${item.id}`, prompt, thumbPath, item.id],
      );
    }
  });
  report.rendered += 1;
}

async function renderTemplate(deps: ShowcaseDeps, r: Renderer, report: ShowcaseReport, t: SeedTemplate): Promise<void> {
  const { db } = deps;
  const { render, source, store, storePicture } = r;
  const done = await db.query<{ thumbnail_path: string | null }>('SELECT thumbnail_path FROM templates WHERE id = $1', [t.id]);
  if (!done.rows[0] || done.rows[0].thumbnail_path) {
    report.skipped += 1;
    return;
  }
  const params: Params = Object.fromEntries(t.fields.map((f) => [f.field, f.val as string | number]));
  if (t.algorithm === 'text2image') params.prompt = `a red fox in fresh snow, ${params.prompt}`;
  // previews are short: 2 s clips, and 8 s of a music template (enough to hear its mood)
  if (params.duration !== undefined) params.duration = Math.min(Number(params.duration), t.algorithm === 'mai_tcm' ? 8 : 2);
  if (params.resolution !== undefined) params.resolution = '360p';
  const inputs = t.sample ? [await source(t.sample)] : [];
  const result = await render(t.algorithm, params, inputs);
  const output = result.outputs[0];
  const key = `tpl-${t.id}`;
  let previewPath: string;
  let audioPath: string | null = null;
  let thumb: { full: Stored; thumb: Stored; width: number; height: number };
  if (output.media === 'audio') {
    audioPath = (await store(output.path, `${key}.mp3`, { media: 'audio', mime: output.mime, format: 'mp3', duration: output.duration, algorithm: t.algorithm })).path;
    thumb = await storePicture(await coverOf(t.name, `${output.path}.cover.png`), `${key}-cover`, t.algorithm);
    previewPath = thumb.full.path;
  } else if (output.media === 'video') {
    previewPath = (await store(output.path, `${key}.mp4`, { media: 'video', mime: output.mime, format: 'mp4', width: output.width, height: output.height, duration: output.duration, algorithm: t.algorithm })).path;
    thumb = await storePicture(await posterOf(output.path), `${key}-poster`, t.algorithm);
  } else {
    thumb = await storePicture(output.path, key, t.algorithm);
    previewPath = thumb.full.path;
  }
  await db.transaction(async (tx) => {
    await tx.query('UPDATE templates SET thumbnail_path = $2, preview_path = $3, width = $4, height = $5, audio_path = $6 WHERE id = $1', [
      t.id,
      thumb.thumb.path,
      previewPath,
      thumb.width,
      thumb.height,
      audioPath,
    ]);
    const demoKey = Object.entries(DEMO_SOURCES).find(([, s]) => s.from === 'template' && s.algorithm === t.algorithm)?.[0];
    if (demoKey) await addDemo(tx, demoKey, `template:${t.id}`, t.name, output.media, previewPath, thumb.thumb.path, t.id);
  });
  report.rendered += 1;
}

export async function runShowcase(deps: ShowcaseDeps): Promise<ShowcaseReport> {
  const { size } = deps;
  const started = Date.now();
  const report: ShowcaseReport = { rendered: 0, skipped: 0, bytes: 0, ms: 0 };
  const workRoot = path.join(os.tmpdir(), `studio-showcase-${randomUUID()}`);
  await mkdir(workRoot, { recursive: true });
  const r = createRenderer(deps, report, workRoot);

  try {
    // the tools list's before/after previews first: rendered here, in the worker, never in an API request
    await renderMissingPreviews(deps.engines, deps.media.storage, deps.log);
    const explore = pick(EXPLORE, size);
    const templates = pick(TEMPLATES, size);
    // pictures first (fast, they fill the gallery), then the clips and tracks
    for (const item of explore.filter((e) => e.algorithm === 'text2image' || e.algorithm === 'image2image')) await renderExplore(deps, r, report, item);
    for (const t of templates.filter((x) => x.algorithm !== 'image2video' && x.algorithm !== 'effect')) await renderTemplate(deps, r, report, t);
    for (const t of templates.filter((x) => x.algorithm === 'effect')) await renderTemplate(deps, r, report, t);
    for (const item of explore.filter((e) => e.algorithm !== 'text2image' && e.algorithm !== 'image2image')) await renderExplore(deps, r, report, item);
    for (const t of templates.filter((x) => x.algorithm === 'image2video')) await renderTemplate(deps, r, report, t);
  } finally {
    await rm(workRoot, { recursive: true, force: true });
  }
  report.ms = Date.now() - started;
  deps.log?.info({ ...report, size }, 'showcase rendered');
  return report;
}

/** a video's first frame, as a picture file beside it */
export async function posterOf(video: string): Promise<string> {
  const { runFfmpeg } = await import('@studio/engines/media');
  const out = `${video}.poster.png`;
  await runFfmpeg(['-y', '-i', video, '-frames:v', '1', out]);
  return out;
}

/** a cover for a music track: a gradient with a note, its colours drawn from the title */
export async function coverOf(title: string, workFile: string): Promise<string> {
  let hash = 0;
  for (const ch of title) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,25%)"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/><path d="M150 280V140l110-25v135" stroke="white" stroke-opacity="0.85" stroke-width="14" fill="none" stroke-linejoin="round"/><circle cx="130" cy="280" r="26" fill="white" fill-opacity="0.85"/><circle cx="240" cy="250" r="26" fill="white" fill-opacity="0.85"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(workFile);
  return workFile;
}

async function addDemo(tx: Queryable, key: string, seedKey: string, title: string, mediaKind: string, file: string, thumb: string, sort: number): Promise<void> {
  await tx.query(
    `INSERT INTO demo_items (key, seed_key, title, media, file_path, thumbnail_path, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (seed_key) DO NOTHING`,
    [key, `demo:${key}:${seedKey}`, title, mediaKind, file, thumb, sort],
  );
}
