import { routePath, TOOL_PAGES as TOOL_CATALOGUE, toolCategoryRoute } from 'shared-contracts';
import type { IconName } from '@studio/ui-kit/icons';
import { TOOL_ICONS } from '@studio/ui-kit/tool-icons';

export interface CatalogEntry {
  id: string;
  title: string;
  description: string;
  to: string;
  icon: IconName;
}

/** Every creation mode of spec section 1, with the route of spec section 2 that opens it. */
export const CREATION_MODES: readonly CatalogEntry[] = [
  { id: 'text-to-video', title: 'Text to Video', description: 'Write a script and turn it into a video clip.', to: routePath('TextToVideo'), icon: 'text-video' },
  { id: 'image-to-video', title: 'Image to Video', description: 'Bring a still image to life with motion.', to: routePath('ImageToVideo'), icon: 'image-video' },
  { id: 'video-to-anime', title: 'Video to Anime', description: 'Restyle a video clip as anime.', to: routePath('VideoToAnime'), icon: 'anime' },
  { id: 'text-to-image', title: 'Text to Image', description: 'Describe a picture and get up to four versions.', to: routePath('TextToImage'), icon: 'text-image' },
  { id: 'image-to-image', title: 'Image to Image', description: 'Transform an image with a prompt or a style.', to: routePath('ImageToImage'), icon: 'image-image' },
  { id: 'text-to-music', title: 'Text to Music', description: 'Describe a mood and get an instrumental track.', to: routePath('TextToMusic'), icon: 'music' },
  { id: 'text-to-song', title: 'Text to Song', description: 'Write lyrics and get a song sung to them.', to: routePath('TextToMusic', {}, { tab: 'song' }), icon: 'song' },
  { id: 'effects', title: 'AI Effects', description: 'Apply a ready-made effect to your photo.', to: routePath('Effect'), icon: 'effects' },
];


/**
 * Every AI tool of spec section 1, from the contract's catalogue. Tools with a page of their own link to
 * it; the others open the AI tools list filtered to their category.
 */
export const AI_TOOLS: readonly CatalogEntry[] = TOOL_CATALOGUE.map((tool) => ({
  id: tool.id,
  title: tool.title,
  description: tool.description,
  to: routePath(tool.route ?? toolCategoryRoute(tool)),
  icon: TOOL_ICONS[tool.id] ?? 'template',
}));
