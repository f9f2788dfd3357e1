/**
 * The AI tools of spec section 1 as data: the one home of each tool's slug, title, description, category,
 * algorithm, route and upload rules. The shell's route table, the tools remote (list and editors) and the
 * explore remote read it; the API reads the same upload limits (upload-limits.ts).
 */
import type { AiToolCategory, AiToolSlug } from './remote-modules.js';
import type { RouteName } from './routes.js';
import {
  acceptFor,
  audioLimitFor,
  IMAGE_EXTENDER_LIMIT,
  IMAGE_LIMIT,
  videoLimitFor,
  type UploadLimit,
} from './upload-limits.js';

export type ToolMedia = Exclude<AiToolCategory, 'hot' | 'all'>;

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

export interface AiTool {
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
  uploads: readonly ToolUploadSlot[];
  editor?: ToolEditorText;
}

const slot = (label: string, limit: UploadLimit, rule: string = limit.hint): ToolUploadSlot => ({ label, limit, rule, accept: acceptFor(limit) });
const image = (label = 'Image') => slot(label, IMAGE_LIMIT);
const videoFor = (algorithm: string, label = 'Video') => slot(label, videoLimitFor(algorithm));
const audioFor = (algorithm: string) => slot('Audio', audioLimitFor(algorithm));

/** Every AI tool of spec section 1, in the order the lists show them. */
export const AI_TOOLS: readonly AiTool[] = [
  {
    id: 'video-enhancer', slug: 'video-enhancer', route: 'AiToolsVideoEnhancer', algorithm: 'video_enhancer', media: ['video'],
    title: 'Video Enhancer', description: 'Upscale and sharpen a video, up to 5 minutes long.',
    uploads: [videoFor('video_enhancer')],
    editor: { intro: 'Upscale and sharpen a video.', action: 'Enhance' },
  },
  {
    id: 'image-enhancer', slug: 'image-enhancer', route: 'AiToolsImageEnhancer', algorithm: 'image_enhancer', media: ['image'],
    title: 'Image Enhancer', description: 'Upscale and sharpen a photo.',
    uploads: [image()],
    editor: { intro: 'Upscale and sharpen a photo.', action: 'Enhance' },
  },
  {
    id: 'bg-remover', slug: 'bg-remover', route: 'AiToolsBgRemover', algorithm: 'bg_remover', media: ['image'],
    title: 'Background Remover', description: 'Cut the subject out of a photo.',
    uploads: [image()],
    editor: { intro: 'Cut the subject out of a photo and get it on a transparent background.', action: 'Remove background', back: true },
  },
  {
    id: 'object-remover', slug: 'object-remover', route: 'AiToolsObjectRemover', algorithm: 'object_remover', media: ['image'],
    title: 'Object Remover', description: 'Erase unwanted objects from a photo.',
    uploads: [image()],
    editor: { intro: 'Brush over what should go, and the AI fills the space.', action: 'Remove' },
  },
  {
    id: 'partial-redrawing', slug: 'partial-redrawing', route: 'AiToolsPartialRedrawing', algorithm: 'partial_redrawing', media: ['image'],
    title: 'AI Replace', description: 'Select an area and redraw it from a prompt.',
    uploads: [image()],
    editor: { intro: 'Select an area and describe what to draw there instead.', action: 'Replace' },
  },
  {
    id: 'ai-talking-avatar', slug: 'ai-talking-avatar', route: 'AiToolsAiTalkingAvatar', algorithm: 'talking_avatar', media: ['video', 'audio'],
    title: 'Talking Avatar', description: 'Make a portrait speak your text or audio.',
    uploads: [image('Face photo'), audioFor('talking_avatar')],
    editor: { intro: 'Make a portrait speak: a face photo plus your text or audio.', action: 'Generate', notes: ['Use a photo with a clearly visible face.'] },
  },
  {
    id: 'video-eraser', slug: 'video-eraser', route: 'AiToolsVideoEraser', algorithm: 'video_eraser', media: ['video'],
    title: 'Video Eraser', description: 'Erase objects from a video.',
    uploads: [videoFor('video_eraser')],
    editor: {
      intro: 'Erase objects from a video with a brush, an eraser, a magic wand, a polygon or a smart brush.',
      action: 'Erase',
      notes: ['Processing takes 1 to 3 minutes.'],
    },
  },
  {
    id: 'video-object-remover', slug: 'video-object-remover', route: 'AiToolsVideoObjectRemover', algorithm: 'video_eraser', media: ['video'],
    title: 'Video Object Remover', description: 'Brush out moving objects frame by frame, with a before and after view.',
    uploads: [videoFor('video_eraser')],
    editor: {
      intro: 'Mark the object on a frame with a brush, magic wand, polygon or smart brush; it is removed from the whole clip.',
      action: 'Remove object',
      notes: ['Processing takes 1 to 3 minutes.'],
    },
  },
  {
    id: 'talking-photo', slug: 'talking-photo', route: 'AiToolsTalkingPhoto', algorithm: 'talking_photo', media: ['video'],
    title: 'Talking Photo', description: 'Animate a face photo so it speaks.',
    uploads: [image('Face photo'), audioFor('talking_photo')],
    editor: { intro: 'A face photo speaks your script or your recording.', action: 'Animate', notes: ['Use a photo with a clearly visible face.'] },
  },
  {
    id: 'lip-sync', slug: 'lip-sync', route: 'LipSync', algorithm: 'lip_sync', media: ['video', 'audio'],
    title: 'Lip Sync', description: 'Match lip movement in a video to new audio.',
    uploads: [videoFor('lip_sync'), audioFor('lip_sync')],
    editor: { intro: 'Match the lip movement in a video to new audio.', action: 'Sync' },
  },
  {
    id: 'video-denoise', slug: 'video-denoise', route: 'AiToolsVideoDenoise', algorithm: 'video_denoise', media: ['video', 'audio'],
    title: 'Video Denoise', description: 'Clean background noise out of a video.',
    uploads: [videoFor('video_denoise')],
    editor: { intro: 'Clean grain out of the picture and hiss out of the soundtrack.', action: 'Denoise' },
  },
  {
    id: 'text-watermark-remover', slug: 'text-watermark-remover', route: 'AiToolsTextWatermarkRemover', algorithm: 'text_watermark_remover', media: ['image'],
    title: 'Text & Watermark Remover', description: 'Remove captions and watermarks from images.',
    uploads: [image()],
    editor: { intro: 'The text and marks found are selected for you; adjust the selection, then remove.', action: 'Remove' },
  },
  {
    id: 'image-extender', slug: 'image-extender', route: 'AiToolsImageExtender', algorithm: 'image_extender', media: ['image'],
    title: 'Image Extender', description: 'Extend a picture beyond its borders.',
    uploads: [slot('Image', IMAGE_EXTENDER_LIMIT)],
    editor: { intro: 'Choose a new shape, place your picture in it, and the rest is filled in.', action: 'Extend' },
  },
  {
    id: 'audio-tools', slug: 'audio-tools', route: 'AiToolsAudioTools', algorithm: 'audio_noise_reduction', media: ['audio'],
    title: 'Audio Tools', description: 'Vocal removal and noise reduction for your audio.',
    uploads: [audioFor('audio_noise_reduction')],
    editor: { intro: 'Reduce background noise or remove the vocals of a track (or of a video’s soundtrack).', action: 'Start' },
  },
  {
    id: 'effect-templates', route: 'Effect', algorithm: 'effect', media: ['video'],
    title: 'Effect Templates', description: 'Ready-made AI effects for your photos.',
    uploads: [image('Photo')],
  },
];

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

/** The list route of each tool category (spec section 2: /ai-tools, /ai-tools/video, ...). */
export const TOOL_CATEGORY_ROUTES: Readonly<Record<Exclude<AiToolCategory, 'all'>, RouteName>> = {
  hot: 'AiTools',
  video: 'AiToolsVideo',
  image: 'AiToolsImage',
  audio: 'AiToolsAudio',
};

/** The category list where a tool without a page of its own is found. */
export function toolCategoryRoute(tool: AiTool): RouteName {
  return TOOL_CATEGORY_ROUTES[tool.media[0]];
}
