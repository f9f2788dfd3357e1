/**
 * The AI tools of spec section 1, the light half: each tool's id, slug, title, description, category,
 * algorithm and route. The shell's route table and the lists read this; the upload slots and editor texts
 * live in tools.ts (`shared-contracts/tools`), which builds `AI_TOOLS` on these entries, so the shell's
 * first load carries no upload rules.
 */
import type { AiToolCategory, AiToolSlug } from './remote-modules.js';
import type { RouteName } from './routes.js';

export type ToolMedia = Exclude<AiToolCategory, 'hot' | 'all'>;

export interface ToolPage {
  id: string;
  title: string;
  /** one line for the catalogue cards and the page's meta description */
  description: string;
  /** the categories whose lists show it */
  media: readonly ToolMedia[];
  /** the algorithm id (services/engines catalogue) its tasks run */
  algorithm: string;
  /** the tool's own editor (spec section 2 named tool routes) */
  slug?: AiToolSlug;
  /** the page of its own, when it has one (its editor, or the effect templates) */
  route: RouteName | null;
}

/** A tool with an editor page of its own: its id is its slug (spec section 2 named tool routes). */
function editorTool(slug: AiToolSlug, route: RouteName, algorithm: string, media: readonly ToolMedia[], title: string, description: string): ToolPage {
  return { id: slug, slug, route, algorithm, media, title, description };
}

/** Every AI tool of spec section 1, in the order the lists show them: slug, route, algorithm, media, title, description. */
export const TOOL_PAGES: readonly ToolPage[] = [
  editorTool('video-enhancer', 'AiToolsVideoEnhancer', 'video_enhancer', ['video'], 'Video Enhancer', 'Upscale and sharpen a video, up to 5 minutes long.'),
  editorTool('image-enhancer', 'AiToolsImageEnhancer', 'image_enhancer', ['image'], 'Image Enhancer', 'Upscale and sharpen a photo.'),
  editorTool('bg-remover', 'AiToolsBgRemover', 'bg_remover', ['image'], 'Background Remover', 'Cut the subject out of a photo.'),
  editorTool('object-remover', 'AiToolsObjectRemover', 'object_remover', ['image'], 'Object Remover', 'Erase unwanted objects from a photo.'),
  editorTool('partial-redrawing', 'AiToolsPartialRedrawing', 'partial_redrawing', ['image'], 'AI Replace', 'Select an area and redraw it from a prompt.'),
  editorTool('ai-talking-avatar', 'AiToolsAiTalkingAvatar', 'talking_avatar', ['video', 'audio'], 'Talking Avatar', 'Make a portrait speak your text or audio.'),
  editorTool('video-eraser', 'AiToolsVideoEraser', 'video_eraser', ['video'], 'Video Eraser', 'Erase objects from a video.'),
  editorTool('video-object-remover', 'AiToolsVideoObjectRemover', 'video_eraser', ['video'], 'Video Object Remover', 'Brush out moving objects frame by frame, with a before and after view.'),
  editorTool('talking-photo', 'AiToolsTalkingPhoto', 'talking_photo', ['video'], 'Talking Photo', 'Animate a face photo so it speaks.'),
  editorTool('lip-sync', 'LipSync', 'lip_sync', ['video', 'audio'], 'Lip Sync', 'Match lip movement in a video to new audio.'),
  editorTool('video-denoise', 'AiToolsVideoDenoise', 'video_denoise', ['video', 'audio'], 'Video Denoise', 'Clean background noise out of a video.'),
  editorTool('text-watermark-remover', 'AiToolsTextWatermarkRemover', 'text_watermark_remover', ['image'], 'Text & Watermark Remover', 'Remove captions and watermarks from images.'),
  editorTool('image-extender', 'AiToolsImageExtender', 'image_extender', ['image'], 'Image Extender', 'Extend a picture beyond its borders.'),
  editorTool('audio-tools', 'AiToolsAudioTools', 'audio_noise_reduction', ['audio'], 'Audio Tools', 'Vocal removal and noise reduction for your audio.'),
  {
    id: 'effect-templates', route: 'Effect', algorithm: 'effect', media: ['video'],
    title: 'Effect Templates', description: 'Ready-made AI effects for your photos.',
  },
];

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
