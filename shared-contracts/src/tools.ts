/**
 * The AI tools of spec section 1 with everything an editor needs: each tool's page entry (tool-pages.ts:
 * slug, title, description, media, algorithm, route, editor kind) plus its upload slots and editor texts,
 * keyed by the same tool ids (a tool missing here fails to compile). The one home of these facts; the tools
 * remote and the API read it as `shared-contracts/tools` (kept out of the contract's main entry so the
 * shell's first load carries no upload rules).
 */
import type { AlgorithmId } from './algorithms.js';
import type { RouteName } from './routes.js';
import { TOOL_PAGES, type AiToolSlug, type ToolId, type ToolPage } from './tool-pages.js';
import {
  acceptFor,
  audioLimitFor,
  IMAGE_EXTENDER_LIMIT,
  IMAGE_LIMIT,
  videoLimitFor,
  type UploadLimit,
} from './upload-limits.js';

export { isToolId, TOOL_CATEGORY_ROUTES, TOOL_PAGES, toolCategoryRoute, type AiToolSlug, type ToolEditorKind, type ToolId, type ToolMedia, type ToolPage } from './tool-pages.js';

export interface ToolUploadSlot {
  label: string;
  /** what the server enforces for this input */
  limit: UploadLimit;
  /** the rule as stated beside the upload area */
  rule: string;
  /** the file input's accept attribute */
  accept: string;
}

/** What a tool's own editor page shows beyond the catalogue card. */
export interface ToolEditorText {
  intro: string;
  action: string;
  /** extra facts shown under the upload area */
  notes?: readonly string[];
  /** the background remover has a back button (spec route table) */
  back?: boolean;
}

export interface AiTool extends ToolPage {
  uploads: readonly ToolUploadSlot[];
  editor?: ToolEditorText;
}

const slot = (label: string, limit: UploadLimit, rule: string = limit.hint): ToolUploadSlot => ({ label, limit, rule, accept: acceptFor(limit) });
const image = (label = 'Image') => slot(label, IMAGE_LIMIT);
const videoFor = (algorithm: AlgorithmId, label = 'Video') => slot(label, videoLimitFor(algorithm));
const audioFor = (algorithm: AlgorithmId) => slot('Audio', audioLimitFor(algorithm));

/** Each tool's upload slots and editor texts, by id: a tool with an editor of its own has its texts. */
const DETAILS: { readonly [K in ToolId]: K extends AiToolSlug ? { uploads: readonly ToolUploadSlot[]; editor: ToolEditorText } : { uploads: readonly ToolUploadSlot[] } } = {
  'video-enhancer': {
    uploads: [videoFor('video_enhancer')],
    editor: { intro: 'Upscale and sharpen a video.', action: 'Enhance' },
  },
  'image-enhancer': {
    uploads: [image()],
    editor: { intro: 'Upscale and sharpen a photo.', action: 'Enhance' },
  },
  'bg-remover': {
    uploads: [image()],
    editor: { intro: 'Cut the subject out of a photo and get it on a transparent background.', action: 'Remove background', back: true },
  },
  'object-remover': {
    uploads: [image()],
    editor: { intro: 'Brush over what should go, and the AI fills the space.', action: 'Remove' },
  },
  'partial-redrawing': {
    uploads: [image()],
    editor: { intro: 'Select an area and describe what it should become.', action: 'Replace' },
  },
  'ai-talking-avatar': {
    uploads: [image('Face photo'), audioFor('talking_avatar')],
    editor: { intro: 'Make a portrait speak: a face photo plus your text or audio.', action: 'Generate', notes: ['Use a photo with a clearly visible face.'] },
  },
  'video-eraser': {
    uploads: [videoFor('video_eraser')],
    editor: {
      intro: 'Erase objects from a video with a brush, an eraser, a magic wand, a polygon or a smart brush.',
      action: 'Erase',
      notes: ['Processing takes 1 to 3 minutes.'],
    },
  },
  'video-object-remover': {
    uploads: [videoFor('video_eraser')],
    editor: {
      intro: 'Mark the object on a frame with a brush, magic wand, polygon or smart brush; it is removed from the whole clip.',
      action: 'Remove object',
      notes: ['Processing takes 1 to 3 minutes.'],
    },
  },
  'talking-photo': {
    uploads: [image('Face photo'), audioFor('talking_photo')],
    editor: { intro: 'A face photo speaks your script or your recording.', action: 'Animate', notes: ['Use a photo with a clearly visible face.'] },
  },
  'lip-sync': {
    uploads: [videoFor('lip_sync'), audioFor('lip_sync')],
    editor: { intro: 'Match the lip movement in a video to new audio.', action: 'Sync' },
  },
  'video-denoise': {
    uploads: [videoFor('video_denoise')],
    editor: { intro: 'Clean grain out of the picture and hiss out of the soundtrack.', action: 'Denoise' },
  },
  'text-watermark-remover': {
    uploads: [image()],
    editor: { intro: 'The text and marks found are selected for you; adjust the selection, then remove.', action: 'Remove' },
  },
  'image-extender': {
    uploads: [slot('Image', IMAGE_EXTENDER_LIMIT)],
    editor: { intro: 'Choose a new shape, place your picture in it, and the rest is filled in.', action: 'Extend' },
  },
  'audio-tools': {
    uploads: [audioFor('audio_noise_reduction')],
    editor: { intro: 'Reduce background noise or remove the vocals of a track (or of a video’s soundtrack).', action: 'Start' },
  },
  'effect-templates': {
    uploads: [image('Photo')],
  },
};

/** Every AI tool of spec section 1, in the order the lists show them. */
export const AI_TOOLS: readonly AiTool[] = TOOL_PAGES.map((page) => ({ ...page, ...DETAILS[page.id] }));

/** The tools with an editor of their own (the hot list and the named tool routes). */
export const EDITOR_TOOLS: readonly (AiTool & { slug: AiToolSlug; route: RouteName; editor: ToolEditorText })[] = AI_TOOLS.filter(
  (tool): tool is AiTool & { slug: AiToolSlug; route: RouteName; editor: ToolEditorText } => tool.slug !== undefined && tool.editor !== undefined && tool.route !== null,
);

/** The catalogue entry of a tool with its own editor. */
export function toolBySlug(slug: AiToolSlug): AiTool & { slug: AiToolSlug; route: RouteName; editor: ToolEditorText } {
  const tool = EDITOR_TOOLS.find((t) => t.slug === slug);
  if (!tool) throw new Error(`no AI tool ${slug}`);
  return tool;
}
