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

/** Every AI tool of spec section 1, in the order the lists show them. */
export const TOOL_PAGES: readonly ToolPage[] = [
  {
    id: 'video-enhancer', slug: 'video-enhancer', route: 'AiToolsVideoEnhancer', algorithm: 'video_enhancer', media: ['video'],
    title: 'Video Enhancer', description: 'Upscale and sharpen a video, up to 5 minutes long.',
  },
  {
    id: 'image-enhancer', slug: 'image-enhancer', route: 'AiToolsImageEnhancer', algorithm: 'image_enhancer', media: ['image'],
    title: 'Image Enhancer', description: 'Upscale and sharpen a photo.',
  },
  {
    id: 'bg-remover', slug: 'bg-remover', route: 'AiToolsBgRemover', algorithm: 'bg_remover', media: ['image'],
    title: 'Background Remover', description: 'Cut the subject out of a photo.',
  },
  {
    id: 'object-remover', slug: 'object-remover', route: 'AiToolsObjectRemover', algorithm: 'object_remover', media: ['image'],
    title: 'Object Remover', description: 'Erase unwanted objects from a photo.',
  },
  {
    id: 'partial-redrawing', slug: 'partial-redrawing', route: 'AiToolsPartialRedrawing', algorithm: 'partial_redrawing', media: ['image'],
    title: 'AI Replace', description: 'Select an area and redraw it from a prompt.',
  },
  {
    id: 'ai-talking-avatar', slug: 'ai-talking-avatar', route: 'AiToolsAiTalkingAvatar', algorithm: 'talking_avatar', media: ['video', 'audio'],
    title: 'Talking Avatar', description: 'Make a portrait speak your text or audio.',
  },
  {
    id: 'video-eraser', slug: 'video-eraser', route: 'AiToolsVideoEraser', algorithm: 'video_eraser', media: ['video'],
    title: 'Video Eraser', description: 'Erase objects from a video.',
  },
  {
    id: 'video-object-remover', slug: 'video-object-remover', route: 'AiToolsVideoObjectRemover', algorithm: 'video_eraser', media: ['video'],
    title: 'Video Object Remover', description: 'Brush out moving objects frame by frame, with a before and after view.',
  },
  {
    id: 'talking-photo', slug: 'talking-photo', route: 'AiToolsTalkingPhoto', algorithm: 'talking_photo', media: ['video'],
    title: 'Talking Photo', description: 'Animate a face photo so it speaks.',
  },
  {
    id: 'lip-sync', slug: 'lip-sync', route: 'LipSync', algorithm: 'lip_sync', media: ['video', 'audio'],
    title: 'Lip Sync', description: 'Match lip movement in a video to new audio.',
  },
  {
    id: 'video-denoise', slug: 'video-denoise', route: 'AiToolsVideoDenoise', algorithm: 'video_denoise', media: ['video', 'audio'],
    title: 'Video Denoise', description: 'Clean background noise out of a video.',
  },
  {
    id: 'text-watermark-remover', slug: 'text-watermark-remover', route: 'AiToolsTextWatermarkRemover', algorithm: 'text_watermark_remover', media: ['image'],
    title: 'Text & Watermark Remover', description: 'Remove captions and watermarks from images.',
  },
  {
    id: 'image-extender', slug: 'image-extender', route: 'AiToolsImageExtender', algorithm: 'image_extender', media: ['image'],
    title: 'Image Extender', description: 'Extend a picture beyond its borders.',
  },
  {
    id: 'audio-tools', slug: 'audio-tools', route: 'AiToolsAudioTools', algorithm: 'audio_noise_reduction', media: ['audio'],
    title: 'Audio Tools', description: 'Vocal removal and noise reduction for your audio.',
  },
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
