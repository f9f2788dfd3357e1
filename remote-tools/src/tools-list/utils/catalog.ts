import type { AiToolCategory, AiToolSlug } from 'shared-contracts';
import type { IconName } from '@studio/ui-kit/src/icons';

export type ToolMedia = Exclude<AiToolCategory, 'hot' | 'all'>;

export interface ToolEntry {
  id: string;
  title: string;
  description: string;
  media: readonly ToolMedia[];
  icon: IconName;
  /** the tool's own editor route, when it has one */
  slug?: AiToolSlug;
  /** where it opens when it has no editor of its own (effect templates have their own page) */
  to?: string;
}

/** Every AI tool of spec section 1. */
export const TOOLS: readonly ToolEntry[] = [
  { id: 'video-enhancer', slug: 'video-enhancer', title: 'Video Enhancer', description: 'Upscale and sharpen a video, up to 5 minutes long.', media: ['video'], icon: 'video-enhance' },
  { id: 'image-enhancer', slug: 'image-enhancer', title: 'Image Enhancer', description: 'Upscale and sharpen a photo.', media: ['image'], icon: 'image-enhance' },
  { id: 'bg-remover', slug: 'bg-remover', title: 'Background Remover', description: 'Cut the subject out of a photo.', media: ['image'], icon: 'bg-remove' },
  { id: 'object-remover', slug: 'object-remover', title: 'Object Remover', description: 'Erase unwanted objects from a photo.', media: ['image'], icon: 'object-remove' },
  { id: 'partial-redrawing', slug: 'partial-redrawing', title: 'AI Replace', description: 'Select an area and redraw it from a prompt.', media: ['image'], icon: 'redraw' },
  { id: 'ai-talking-avatar', slug: 'ai-talking-avatar', title: 'Talking Avatar', description: 'Make a portrait speak your text or audio.', media: ['video', 'audio'], icon: 'avatar' },
  { id: 'video-eraser', slug: 'video-eraser', title: 'Video Eraser', description: 'Erase objects from a video.', media: ['video'], icon: 'video-erase' },
  { id: 'video-object-remover', title: 'Video Object Remover', description: 'Brush out moving objects frame by frame, with a before and after view.', media: ['video'], icon: 'video-object-remove' },
  { id: 'talking-photo', title: 'Talking Photo', description: 'Animate a face photo so it speaks.', media: ['video'], icon: 'talking-photo' },
  { id: 'lip-sync', slug: 'lip-sync', title: 'Lip Sync', description: 'Match lip movement in a video to new audio.', media: ['video', 'audio'], icon: 'lip-sync' },
  { id: 'video-denoise', title: 'Video Denoise', description: 'Clean background noise out of a video.', media: ['video', 'audio'], icon: 'denoise' },
  { id: 'text-watermark-remover', title: 'Text & Watermark Remover', description: 'Remove captions and watermarks from images.', media: ['image'], icon: 'watermark' },
  { id: 'image-extender', title: 'Image Extender', description: 'Extend a picture beyond its borders.', media: ['image'], icon: 'extend' },
  { id: 'audio-tools', title: 'Audio Tools', description: 'Vocal removal and noise reduction for your audio.', media: ['audio'], icon: 'audio' },
  { id: 'effect-templates', title: 'Effect Templates', description: 'Ready-made AI effects for your photos.', media: ['video'], icon: 'template', to: '/effect' },
];

/** The hot list is the tools with an editor of their own (the named tool routes of spec section 2). */
export function isHot(tool: ToolEntry): boolean {
  return tool.slug !== undefined;
}

export function toolsFor(category: AiToolCategory): ToolEntry[] {
  if (category === 'all') return [...TOOLS];
  if (category === 'hot') return TOOLS.filter(isHot);
  return TOOLS.filter((tool) => tool.media.includes(category));
}

export function toolHref(tool: ToolEntry): string | null {
  if (tool.slug) return `/ai-tools/${tool.slug}`;
  return tool.to ?? null;
}

export interface CategoryTab {
  category: AiToolCategory;
  label: string;
  /** the route of spec section 2 showing this list ('all' has none) */
  route: string | null;
}

export const CATEGORY_TABS: readonly CategoryTab[] = [
  { category: 'hot', label: 'Hot', route: '/ai-tools' },
  { category: 'all', label: 'All', route: null },
  { category: 'video', label: 'Video', route: '/ai-tools/video' },
  { category: 'image', label: 'Image', route: '/ai-tools/image' },
  { category: 'audio', label: 'Audio', route: '/ai-tools/audio' },
];
