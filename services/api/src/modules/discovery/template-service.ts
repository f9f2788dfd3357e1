/**
 * Templates and effects (rows of `templates` under `tpl_categories`), the examples (demo_items) and the
 * prompt samples. A template is listed once the showcase job has made its thumbnail and preview.
 * `directPayload` turns a template's request fields plus the user's inputs into a create payload.
 */
import type { Database } from '@studio/db';
import {
  TEMPLATES_PAGE_SIZE,
  type CreateTaskRequest,
  type DemoItem,
  type Paginated,
  type PromptSample,
  type TaskField,
  type Template,
  type TemplateCategory,
  type TemplateExtra,
  type TemplateInput,
  type TemplateTag,
} from 'shared-contracts';
import { fail } from '../../http.js';
import type { PublicUrl } from './urls.js';

interface TemplateRow {
  id: number;
  slug: string;
  category_id: number;
  fun_module: 'template' | 'effect';
  media: 'video' | 'image' | 'audio';
  name: string;
  description: string;
  tip: string;
  algorithm: string;
  module: string;
  fields: TaskField[] | string;
  inputs: TemplateInput[] | string;
  hot: boolean;
  rule_show: string;
  thumbnail_path: string;
  preview_path: string | null;
  audio_path: string | null;
  width: number;
  height: number;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const SELECT = `SELECT t.*, c.fun_module, c.media FROM templates t JOIN tpl_categories c ON c.id = t.category_id`;
const READY = 't.active AND t.thumbnail_path IS NOT NULL';
/** the 'All' tab of a tag: every template of that media */
const ALL_CATEGORY_ID = 0;
const TAG_NAMES: Record<TemplateTag['value'], string> = { video: 'Video', image: 'Image', audio: 'Music' };

export interface TemplateListQuery {
  funModule: 'template' | 'effect';
  category?: number;
  media?: string;
  page: number;
  pageSize: number;
}

function toTemplate(row: TemplateRow, url: PublicUrl): Template {
  const thumb = url(row.thumbnail_path);
  const preview = row.preview_path ? url(row.preview_path) : thumb;
  const extra: TemplateExtra = {
    media: row.media,
    fun_module: row.fun_module,
    category_id: row.category_id,
    semantic: row.slug,
    inputs: json(row.inputs),
    tip: row.tip,
    width: row.width,
    height: row.height,
  };
  return {
    tpl_id: row.id,
    name: row.name,
    thumbnail: thumb,
    thumbnail_link: thumb,
    cover_conf: { thumbnail_url: thumb, preview_url: preview },
    preview_url: preview,
    action_conf: { hot: row.hot },
    extra: JSON.stringify(extra),
    info: { algorithm: row.algorithm, module: row.module, request: { fields: json(row.fields) } },
    description: row.description,
    preview: row.audio_path ? url(row.audio_path) : '',
    rule: { show: [{ val: row.rule_show }] },
  };
}


async function templatePage(db: Database, url: PublicUrl, query: TemplateListQuery): Promise<Paginated<Template>> {
  const where = [READY, 'c.fun_module = $1'];
  const params: unknown[] = [query.funModule];
  if (query.category !== undefined && query.category !== ALL_CATEGORY_ID) {
    params.push(query.category);
    where.push(`t.category_id = $${params.length}`);
  }
  if (query.media) {
    params.push(query.media);
    where.push(`c.media = $${params.length}`);
  }
  const filter = where.join(' AND ');
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM templates t JOIN tpl_categories c ON c.id = t.category_id WHERE ${filter}`, params);
  const rows = await db.query<TemplateRow>(`${SELECT} WHERE ${filter} ORDER BY c.sort, t.sort, t.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  ]);
  return { list: rows.rows.map((row) => toTemplate(row, url)), paginate: { total: Number(total.rows[0]?.n ?? 0) } };
}


export function createTemplateService(deps: { db: Database; url: PublicUrl }) {
  const { db, url } = deps;
  const page = (query: TemplateListQuery) => templatePage(db, url, query);

  async function ready(id: number): Promise<TemplateRow> {
    const found = await db.query<TemplateRow>(`${SELECT} WHERE t.id = $1 AND ${READY}`, [id]);
    if (!found.rows[0]) throw fail.notFound('No such template');
    return found.rows[0];
  }

  return {
    page,

    /** tags (video, image; audio only when asked for) with an 'All' category and their own, each with its first page */
    async categories(funModule: 'template' | 'effect', media?: string): Promise<TemplateTag[]> {
      const cats = await db.query<{ id: number; media: TemplateTag['value']; title: string }>(
        `SELECT id, media, title FROM tpl_categories WHERE fun_module = $1 ${media ? 'AND media = $2' : ''} ORDER BY sort, id`,
        media ? [funModule, media] : [funModule],
      );
      const tags: TemplateTag[] = [];
      // the template browser's tabs are the spec's video and image; the music templates are the music form's
      const values: TemplateTag['value'][] = media === 'audio' ? ['audio'] : ['video', 'image'];
      for (const value of values) {
        const own = cats.rows.filter((c) => c.media === value);
        if (!own.length) continue;
        const categories: TemplateCategory[] = [];
        for (const c of [{ id: ALL_CATEGORY_ID, title: 'All' }, ...own]) {
          const first = await page({ funModule, media: value, category: c.id, page: 1, pageSize: TEMPLATES_PAGE_SIZE });
          if (c.id !== ALL_CATEGORY_ID && first.paginate.total === 0) continue;
          categories.push({ id: c.id, title: c.title, tpls: first.list, total: first.paginate.total, loading: false });
        }
        tags.push({ value, name: TAG_NAMES[value], categories });
      }
      return tags;
    },

    async info(id: number): Promise<Template> {
      return toTemplate(await ready(id), url);
    },

    /** hot templates of a tag (video, image or effect) for Home and the recommend call */
    async recommend(tag: string, hotOnly: boolean, limit = 12): Promise<Template[]> {
      const effect = tag === 'effect';
      const params: unknown[] = [effect ? 'effect' : 'template'];
      const where = [READY, 'c.fun_module = $1'];
      if (!effect && (tag === 'video' || tag === 'image' || tag === 'audio')) {
        params.push(tag);
        where.push(`c.media = $${params.length}`);
      }
      if (hotOnly) where.push('t.hot');
      const rows = await db.query<TemplateRow>(`${SELECT} WHERE ${where.join(' AND ')} ORDER BY t.uses DESC, c.sort, t.sort LIMIT ${limit}`, params);
      return rows.rows.map((row) => toTemplate(row, url));
    },

    /** the create call a template run makes: its fields, the user's declared inputs, marked isFromTpl */
    async directPayload(id: number, given: Record<string, string>): Promise<{ algorithm: string; body: CreateTaskRequest }> {
      const row = await ready(id);
      const fields = json(row.fields);
      const inputs = json(row.inputs);
      const data: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.field, f.val]));
      for (const input of inputs) {
        const value = (given[input.field] ?? '').trim();
        if (!value) {
          if (input.required) throw fail.badRequest(input.kind === 'image' ? `Please upload ${input.label.toLowerCase()}` : `Please enter ${input.label.toLowerCase()}`);
          continue;
        }
        // a template's own prompt words style what the user wrote
        data[input.field] = input.field === 'prompt' && typeof data.prompt === 'string' && data.prompt ? `${value}, ${data.prompt}` : value;
      }
      const used: TaskField[] = Object.entries(data)
        .filter(([field]) => !field.endsWith('_path'))
        .map(([field, val]) => ({ field, val: val as string | number | boolean }));
      return {
        algorithm: row.algorithm,
        body: { data: data as CreateTaskRequest['data'], user_data: { module: row.module, isFromTpl: true, tplId: row.id, name: row.name, fields: used } },
      };
    },

    async countUse(id: number): Promise<void> {
      await db.query('UPDATE templates SET uses = uses + 1 WHERE id = $1', [id]);
    },

    async demos(key: string, pageNo: number, pageSize: number): Promise<DemoItem[]> {
      const rows = await db.query<{ id: number; title: string; media: 'video' | 'image' | 'audio'; url: string; thumbnail: string; file_path: string | null; thumbnail_path: string | null }>(
        'SELECT id, title, media, url, thumbnail, file_path, thumbnail_path FROM demo_items WHERE key = $1 ORDER BY sort, id LIMIT $2 OFFSET $3',
        [key, pageSize, (pageNo - 1) * pageSize],
      );
      return rows.rows.map((row) => ({
        id: row.id,
        title: row.title,
        media: row.media,
        url: row.file_path ? url(row.file_path) : row.url,
        thumbnail: row.thumbnail_path ? url(row.thumbnail_path) : row.thumbnail,
      }));
    },

    /** the catalogue's written samples and the showcase's (with the picture it made) */
    async samples(key: string): Promise<PromptSample[]> {
      const rows = await db.query<{ id: number; prompt: string; thumbnail: string; thumbnail_path: string | null }>(
        'SELECT id, prompt, thumbnail, thumbnail_path FROM prompt_samples WHERE key = $1 ORDER BY (thumbnail_path IS NULL), sort, id LIMIT 40',
        [key],
      );
      return rows.rows.map((row) => ({ id: row.id, prompt: row.prompt, thumbnail: row.thumbnail_path ? url(row.thumbnail_path) : row.thumbnail }));
    },
  };
}

export type TemplateService = ReturnType<typeof createTemplateService>;
