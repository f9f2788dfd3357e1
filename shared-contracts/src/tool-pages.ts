/**
 * The AI tools of spec section 1, the light half: one typed record per tool, keyed by its id (its id is its
 * slug where it has an editor of its own), with its title, description, media, algorithm, route, editor kind
 * and place in the Hot list. The shell's route table and the lists read this; the upload slots and editor
 * texts live in tools.ts (`shared-contracts/tools`), keyed by the same ids, so the shell's first load carries
 * no upload rules. A tool id or algorithm that is missing or misspelt anywhere fails to compile.
 */
import type { AlgorithmId } from './algorithms.js';
import type { AiToolCategory } from './remote-modules.js';
import type { RouteName } from './routes.js';

export type ToolMedia = Exclude<AiToolCategory, 'hot' | 'all'>;

/** Which editor of the tools remote a tool opens in; null: no editor of its own (the effect templates). */
export type ToolEditorKind = 'image' | 'mask-image' | 'mask-video' | 'video' | 'speech' | 'audio';

interface ToolFacts {
  title: string;
  /** one line for the catalogue cards and the page's meta description */
  description: string;
  /** the categories whose lists show it */
  media: readonly ToolMedia[];
  /** the algorithm (shared-contracts/algorithms) its tasks run */
  algorithm: AlgorithmId;
  /** its page: its editor (spec section 2 named tool routes), or the effect templates */
  route: RouteName;
  /** the editor it opens in; null: the page is not a tool editor */
  editorKind: ToolEditorKind | null;
  /** in the Hot list (the tool routes spec section 2 names in its route table) */
  hot: boolean;
}

/** Every AI tool of spec section 1, in the order the lists show them. */
const TOOLS = {
  'video-enhancer': { route: 'AiToolsVideoEnhancer', algorithm: 'video_enhancer', editorKind: 'video', hot: true, media: ['video'], title: 'Video Enhancer', description: 'Upscale and sharpen a video, up to 5 minutes long.' },
  'image-enhancer': { route: 'AiToolsImageEnhancer', algorithm: 'image_enhancer', editorKind: 'image', hot: true, media: ['image'], title: 'Image Enhancer', description: 'Upscale and sharpen a photo.' },
  'bg-remover': { route: 'AiToolsBgRemover', algorithm: 'bg_remover', editorKind: 'image', hot: true, media: ['image'], title: 'Background Remover', description: 'Cut the subject out of a photo.' },
  'object-remover': { route: 'AiToolsObjectRemover', algorithm: 'object_remover', editorKind: 'mask-image', hot: true, media: ['image'], title: 'Object Remover', description: 'Erase unwanted objects from a photo.' },
  'partial-redrawing': { route: 'AiToolsPartialRedrawing', algorithm: 'partial_redrawing', editorKind: 'mask-image', hot: true, media: ['image'], title: 'AI Replace', description: 'Select an area and redraw it from a prompt.' },
  'ai-talking-avatar': { route: 'AiToolsAiTalkingAvatar', algorithm: 'talking_avatar', editorKind: 'speech', hot: true, media: ['video', 'audio'], title: 'Talking Avatar', description: 'Make a portrait speak your text or audio.' },
  'video-eraser': { route: 'AiToolsVideoEraser', algorithm: 'video_eraser', editorKind: 'mask-video', hot: true, media: ['video'], title: 'Video Eraser', description: 'Erase objects from a video.' },
  'video-object-remover': { route: 'AiToolsVideoObjectRemover', algorithm: 'video_eraser', editorKind: 'mask-video', hot: false, media: ['video'], title: 'Video Object Remover', description: 'Brush out moving objects frame by frame, with a before and after view.' },
  'talking-photo': { route: 'AiToolsTalkingPhoto', algorithm: 'talking_photo', editorKind: 'speech', hot: false, media: ['video'], title: 'Talking Photo', description: 'Animate a face photo so it speaks.' },
  'lip-sync': { route: 'LipSync', algorithm: 'lip_sync', editorKind: 'speech', hot: true, media: ['video', 'audio'], title: 'Lip Sync', description: 'Match lip movement in a video to new audio.' },
  'video-denoise': { route: 'AiToolsVideoDenoise', algorithm: 'video_denoise', editorKind: 'video', hot: false, media: ['video', 'audio'], title: 'Video Denoise', description: 'Clean background noise out of a video.' },
  'text-watermark-remover': { route: 'AiToolsTextWatermarkRemover', algorithm: 'text_watermark_remover', editorKind: 'mask-image', hot: false, media: ['image'], title: 'Text & Watermark Remover', description: 'Remove captions and watermarks from images.' },
  'image-extender': { route: 'AiToolsImageExtender', algorithm: 'image_extender', editorKind: 'image', hot: false, media: ['image'], title: 'Image Extender', description: 'Extend a picture beyond its borders.' },
  'audio-tools': { route: 'AiToolsAudioTools', algorithm: 'audio_noise_reduction', editorKind: 'audio', hot: false, media: ['audio'], title: 'Audio Tools', description: 'Vocal removal and noise reduction for your audio.' },
  'effect-templates': { route: 'Effect', algorithm: 'effect', editorKind: null, hot: false, media: ['video'], title: 'Effect Templates', description: 'Ready-made AI effects for your photos.' },
} as const satisfies Record<string, ToolFacts>;

/** A tool of the catalogue, by its id. */
export type ToolId = keyof typeof TOOLS;
/** A tool with an editor page of its own (its id is its slug, the ToolEditor module's `tool` prop). */
export type AiToolSlug = { [K in ToolId]: (typeof TOOLS)[K]['editorKind'] extends null ? never : K }[ToolId];

export interface ToolPage extends Omit<ToolFacts, 'route'> {
  id: ToolId;
  /** the tool's own editor (spec section 2 named tool routes) */
  slug?: AiToolSlug;
  /** the page of its own, when it has one (its editor, or the effect templates) */
  route: RouteName | null;
}

/** Whether a name (a URL's, a stored row's) is a tool of the catalogue. */
export function isToolId(id: string): id is ToolId {
  return Object.prototype.hasOwnProperty.call(TOOLS, id);
}

const isSlug = (id: ToolId): id is AiToolSlug => TOOLS[id].editorKind !== null;

/** Every AI tool of spec section 1, in the order the lists show them. */
export const TOOL_PAGES: readonly ToolPage[] = (Object.keys(TOOLS) as ToolId[]).map((id) => ({ id, ...(isSlug(id) ? { slug: id } : {}), ...TOOLS[id] }));

/** The tools with an editor page of their own (the named tool routes). */
export function toolEditorPages(): (ToolPage & { slug: AiToolSlug; route: RouteName })[] {
  return TOOL_PAGES.filter((tool): tool is ToolPage & { slug: AiToolSlug; route: RouteName } => tool.slug !== undefined && tool.route !== null);
}

/** The list route of each tool category (spec section 2: /ai-tools, /ai-tools/video, ...). */
export const TOOL_CATEGORY_ROUTES: Readonly<Record<Exclude<AiToolCategory, 'all'>, RouteName>> = {
  hot: 'AiTools',
  video: 'AiToolsVideo',
  image: 'AiToolsImage',
  audio: 'AiToolsAudio',
};

/** The category list where a tool without a page of its own is found. */
export function toolCategoryRoute(tool: Pick<ToolPage, 'media'>): RouteName {
  return TOOL_CATEGORY_ROUTES[tool.media[0]];
}
