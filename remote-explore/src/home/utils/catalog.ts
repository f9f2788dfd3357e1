import type { IconName } from '@studio/ui-kit/src/icons';

export interface CatalogEntry {
  id: string;
  title: string;
  description: string;
  to: string;
  icon: IconName;
}

/** Every creation mode of spec section 1, with the route of spec section 2 that opens it. */
export const CREATION_MODES: readonly CatalogEntry[] = [
  { id: 'text-to-video', title: 'Text to Video', description: 'Write a script and turn it into a video clip.', to: '/text-to-video', icon: 'text-video' },
  { id: 'image-to-video', title: 'Image to Video', description: 'Bring a still image to life with motion.', to: '/image-to-video', icon: 'image-video' },
  { id: 'video-to-anime', title: 'Video to Anime', description: 'Restyle a video clip as anime.', to: '/video-to-anime', icon: 'anime' },
  { id: 'text-to-image', title: 'Text to Image', description: 'Describe a picture and get up to four versions.', to: '/text-to-image', icon: 'text-image' },
  { id: 'image-to-image', title: 'Image to Image', description: 'Transform an image with a prompt or a style.', to: '/image-to-image', icon: 'image-image' },
  { id: 'text-to-music', title: 'Text to Music', description: 'Describe a mood and get an instrumental track.', to: '/text-to-music', icon: 'music' },
  { id: 'text-to-song', title: 'Text to Song', description: 'Write lyrics and get a song sung to them.', to: '/text-to-music?tab=song', icon: 'song' },
  { id: 'effects', title: 'AI Effects', description: 'Apply a ready-made effect to your photo.', to: '/effect', icon: 'effects' },
];

/**
 * Every AI tool of spec section 1. Tools with an editor of their own link to its route (the seven of the
 * route table plus Lip Sync, which the shell routes at /ai-tools/lip-sync); the others open the AI tools
 * list filtered to their category, and effect templates their page.
 */
export const AI_TOOLS: readonly CatalogEntry[] = [
  { id: 'video-enhancer', title: 'Video Enhancer', description: 'Upscale and sharpen a video.', to: '/ai-tools/video-enhancer', icon: 'video-enhance' },
  { id: 'image-enhancer', title: 'Image Enhancer', description: 'Upscale and sharpen a photo.', to: '/ai-tools/image-enhancer', icon: 'image-enhance' },
  { id: 'bg-remover', title: 'Background Remover', description: 'Cut the subject out of a photo.', to: '/ai-tools/bg-remover', icon: 'bg-remove' },
  { id: 'object-remover', title: 'Object Remover', description: 'Erase unwanted objects from a photo.', to: '/ai-tools/object-remover', icon: 'object-remove' },
  { id: 'partial-redrawing', title: 'AI Replace', description: 'Redraw a selected area from a prompt.', to: '/ai-tools/partial-redrawing', icon: 'redraw' },
  { id: 'ai-talking-avatar', title: 'Talking Avatar', description: 'Make a portrait speak your text or audio.', to: '/ai-tools/ai-talking-avatar', icon: 'avatar' },
  { id: 'video-eraser', title: 'Video Eraser', description: 'Erase objects from a video.', to: '/ai-tools/video-eraser', icon: 'video-erase' },
  { id: 'video-object-remover', title: 'Video Object Remover', description: 'Brush out moving objects frame by frame.', to: '/ai-tools/video', icon: 'video-object-remove' },
  { id: 'talking-photo', title: 'Talking Photo', description: 'Animate a face photo so it speaks.', to: '/ai-tools/video', icon: 'talking-photo' },
  { id: 'lip-sync', title: 'Lip Sync', description: 'Match lip movement to new audio.', to: '/ai-tools/lip-sync', icon: 'lip-sync' },
  { id: 'video-denoise', title: 'Video Denoise', description: 'Clean background noise out of a video.', to: '/ai-tools/video', icon: 'denoise' },
  { id: 'text-watermark-remover', title: 'Text & Watermark Remover', description: 'Remove captions and watermarks from images.', to: '/ai-tools/image', icon: 'watermark' },
  { id: 'image-extender', title: 'Image Extender', description: 'Extend a picture beyond its borders.', to: '/ai-tools/image', icon: 'extend' },
  { id: 'audio-tools', title: 'Audio Tools', description: 'Vocal removal and noise reduction.', to: '/ai-tools/audio', icon: 'audio' },
  { id: 'effect-templates', title: 'Effect Templates', description: 'Browse ready-made AI effect templates.', to: '/effect', icon: 'template' },
];
