/**
 * Explore, templates and effects (issue 12): what the discovery calls answer beyond the spec's base
 * entities (ExploreItem, Template, TemplateCategory, TemplateTag in entities.ts), and the calls whose
 * shapes the spec leaves open (publish, unpublish, like, the published state of tasks, template info,
 * the category list and `POST /v1/workflow/direct`).
 */
import type { ExploreItem, LikeValue, Template, TaskField } from './entities.js';
import type { TaskEngineInfo } from './task-entities.js';
import { routePath } from './routes.js';

/** Explore list page size (the spec gives none; the gallery loads this many a page). */
export const EXPLORE_PAGE_SIZE = 20;
/** Distinct reporters after which an explore item leaves the gallery until it is reviewed. */
export const REPORT_HIDE_THRESHOLD = 3;
/** The example list (demo/list) ends this long after its last page loaded (spec section 4). */
export const EXAMPLES_END_DELAY_MS = 1000;
/** The image-swiper modal of spec section 2: 1 slide per view, spacing 10, autoplay (every autoplayMs), loop. */
export const IMAGE_SWIPER = { perView: 1, spacing: 10, loop: true, autoplayMs: 3000 } as const;
/** Free text of the 'Other' report reason, at most this long. */
export const REPORT_OTHER_MAX = 500;

export interface ExploreAuthor {
  name: string;
  avatar: string;
  /** true for the studio's own showcase */
  is_studio: boolean;
}

/** An explore item as the gallery and its detail view show it. */
export interface ExploreEntry extends ExploreItem {
  /** the creation screen's module (text-to-video ...) that makes the same */
  module: string;
  /** the settings it was made with, as the creation screens read them ('Make the same') */
  settings: TaskField[];
  author: ExploreAuthor;
  /** the media itself (video or audio file, or the full image); preview_url is the hover/preview one */
  url: string;
  width: number;
  height: number;
  /** seconds, 0 for images */
  duration: number;
  likes: number;
  /** the caller's like (1), or 0 */
  liked: LikeValue;
  /** the caller made it */
  is_own: boolean;
  /** shown in the gallery (false: unpublished by its author or hidden for review) */
  published: boolean;
  /** only for the author: views of the detail and tasks made with it */
  views?: number;
  made_with?: number;
  /** epoch seconds */
  created_at: number;
  /** what made it (the showcase's renders; a published result's engine), shown as the same badge as a result */
  engine?: TaskEngineInfo;
}

/** What a template asks of the user (carried as JSON in Template.extra). */
export interface TemplateInput {
  /** the create payload field: file_path, prompt ... */
  field: string;
  kind: 'image' | 'text';
  label: string;
  required: boolean;
}
export interface TemplateExtra {
  media: 'video' | 'image' | 'audio';
  fun_module: 'template' | 'effect';
  category_id: number;
  /** the /effect/create/:semantic part */
  semantic: string;
  inputs: TemplateInput[];
  /** a plain explanation for the AI effect detail tip */
  tip: string;
  width: number;
  height: number;
}

/** Template.extra read safely (an empty shape when it is not ours). */
export function templateExtra(template: Pick<Template, 'extra'>): TemplateExtra | null {
  try {
    const value = JSON.parse(template.extra) as Partial<TemplateExtra>;
    return value && Array.isArray(value.inputs) ? (value as TemplateExtra) : null;
  } catch {
    return null;
  }
}

/** ExploreItem.extra_data's thumbnail size; 400 x 400 when it cannot be read (spec section 3). */
export function thumbnailSize(item: Pick<ExploreItem, 'extra_data'>, fallback = 400): { width: number; height: number } {
  try {
    const value = JSON.parse(item.extra_data) as { width?: unknown; height?: unknown };
    const width = Number(value.width);
    const height = Number(value.height);
    if (width > 0 && height > 0) return { width, height };
  } catch {
    // spec: default 400 when parsing fails
  }
  return { width: fallback, height: fallback };
}

export interface WorkflowDirectRequest {
  tpl_id: number;
  /** the user's inputs, by the template's TemplateInput.field (file_path, prompt) */
  data: Record<string, string>;
  /** the cost the client showed; a mismatch is refused like a create's */
  expected_cost?: number;
}

export interface ExplorePublishRequest {
  task_id: string;
  /** which output of the task (default 0) */
  output?: number;
  title?: string;
}

/** Published state of tasks (My Creations, Generate List). */
export interface ExploreTaskState {
  task_id: string;
  explore_id: number;
  published: boolean;
  /** hidden from the gallery while reports are reviewed */
  under_review: boolean;
}

/** `GET /v1/workflow/ct/list`: tags (video, image) with their categories' first pages. */
export interface TemplateCategoryListQuery {
  fun_module?: 'template' | 'effect';
  /** 'audio': the music templates (the template list picker of the music form) */
  media?: 'video' | 'image' | 'audio';
}

/** Texts of the discovery screens. */
export const DISCOVERY_TEXTS = {
  ALL_LOADED: 'All loaded',
  USE_TEMPLATE: 'Use this template',
  GO_CREATE: 'Go create',
  HOT: 'HOT',
  MAKE_SAME: 'Make the same',
  REPORT_THANKS: 'Thanks for your report. We will review it; you will not see this item again.',
  OTHER_REASON: 'Other',
} as const;

/** The creation screen that makes an item of this module (explore items, templates). */
export const MODULE_ROUTES = {
  'text-to-video': 'TextToVideo',
  'image-to-video': 'ImageToVideo',
  'video-to-anime': 'VideoToAnime',
  'text-to-image': 'TextToImage',
  'image-to-image': 'ImageToImage',
  'text-to-music': 'TextToMusic',
  'effect-create': 'EffectCreate',
} as const satisfies Record<string, import('./routes.js').RouteName>;
export type DiscoveryModule = keyof typeof MODULE_ROUTES;

/** The route name of a module, or null for one no creation screen makes. */
export function moduleRoute(module: string): (typeof MODULE_ROUTES)[DiscoveryModule] | null {
  return (MODULE_ROUTES as Record<string, (typeof MODULE_ROUTES)[DiscoveryModule]>)[module] ?? null;
}

/**
 * 'Go create' and a pick in the template list picker: the template's creation screen with `?tplId=`, whose
 * form fills itself from the template's request fields (Home when no screen makes its module).
 */
export function templateCreateLink(template: Pick<Template, 'tpl_id' | 'info' | 'extra'>): string {
  const route = moduleRoute(template.info.module);
  if (!route) return routePath('Home');
  const semantic = route === 'EffectCreate' ? templateExtra(template)?.semantic : undefined;
  return routePath(route, semantic ? { semantic } : {}, { tplId: String(template.tpl_id) });
}

/**
 * remote_explore/TemplatePicker: the template list picker modal (category tabs with scroll arrows;
 * thumbnail, name, description, audio preview). It renders its own dialog while open.
 */
export interface TemplatePickerProps {
  open: boolean;
  title?: string;
  funModule?: 'template' | 'effect';
  /** only this tag's categories ('audio': the music templates, which the template browser does not list) */
  media?: 'video' | 'image' | 'audio';
  onPick(template: import('./entities.js').Template): void;
  onClose(): void;
}
