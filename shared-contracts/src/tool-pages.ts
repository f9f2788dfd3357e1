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

/** One tool's record; its route, algorithm and editor kind keep their literal types (AiToolSlug reads them). */
function tool<const R extends RouteName, const A extends AlgorithmId, const E extends ToolEditorKind | null>(
  route: R,
  algorithm: A,
  editorKind: E,
  hot: boolean,
  media: readonly ToolMedia[],
  title: string,
  description: string,
): ToolFacts & { route: R; algorithm: A; editorKind: E } {
  return { route, algorithm, editorKind, hot, media, title, description };
}

/** Every AI tool of spec section 1, in the order the lists show them: route, algorithm, editor kind, Hot, media, title, description. */
const TOOLS = {
  'video-enhancer': tool('AiToolsVideoEnhancer', 'video_enhancer', 'video', true, ['video'], 'Video Enhancer', 'Upscale and sharpen a video, up to 5 minutes long.'),
  'image-enhancer': tool('AiToolsImageEnhancer', 'image_enhancer', 'image', true, ['image'], 'Image Enhancer', 'Upscale and sharpen a photo.'),
  'bg-remover': tool('AiToolsBgRemover', 'bg_remover', 'image', true, ['image'], 'Background Remover', 'Cut the subject out of a photo.'),
  'object-remover': tool('AiToolsObjectRemover', 'object_remover', 'mask-image', true, ['image'], 'Object Remover', 'Erase unwanted objects from a photo.'),
  'partial-redrawing': tool('AiToolsPartialRedrawing', 'partial_redrawing', 'mask-image', true, ['image'], 'AI Replace', 'Select an area and redraw it from a prompt.'),
  'ai-talking-avatar': tool('AiToolsAiTalkingAvatar', 'talking_avatar', 'speech', true, ['video', 'audio'], 'Talking Avatar', 'Make a portrait speak your text or audio.'),
  'video-eraser': tool('AiToolsVideoEraser', 'video_eraser', 'mask-video', true, ['video'], 'Video Eraser', 'Erase objects from a video.'),
  'video-object-remover': tool('AiToolsVideoObjectRemover', 'video_eraser', 'mask-video', false, ['video'], 'Video Object Remover', 'Brush out moving objects frame by frame, with a before and after view.'),
  'talking-photo': tool('AiToolsTalkingPhoto', 'talking_photo', 'speech', false, ['video'], 'Talking Photo', 'Animate a face photo so it speaks.'),
  'lip-sync': tool('LipSync', 'lip_sync', 'speech', true, ['video', 'audio'], 'Lip Sync', 'Match lip movement in a video to new audio.'),
  'video-denoise': tool('AiToolsVideoDenoise', 'video_denoise', 'video', false, ['video', 'audio'], 'Video Denoise', 'Clean background noise out of a video.'),
  'text-watermark-remover': tool('AiToolsTextWatermarkRemover', 'text_watermark_remover', 'mask-image', false, ['image'], 'Text & Watermark Remover', 'Remove captions and watermarks from images.'),
  'image-extender': tool('AiToolsImageExtender', 'image_extender', 'image', false, ['image'], 'Image Extender', 'Extend a picture beyond its borders.'),
  'audio-tools': tool('AiToolsAudioTools', 'audio_noise_reduction', 'audio', false, ['audio'], 'Audio Tools', 'Vocal removal and noise reduction for your audio.'),
  'effect-templates': tool('Effect', 'effect', null, false, ['video'], 'Effect Templates', 'Ready-made AI effects for your photos.'),
};

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
