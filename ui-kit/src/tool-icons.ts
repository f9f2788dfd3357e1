/** Which icon stands for each AI tool (by the catalogue's tool id): the tools list and Home's tool row read it. */
import type { ToolId } from 'shared-contracts';
import type { IconName } from './icons';

export const TOOL_ICONS: Readonly<Record<ToolId, IconName>> = {
  'video-enhancer': 'video-enhance',
  'image-enhancer': 'image-enhance',
  'bg-remover': 'bg-remove',
  'object-remover': 'object-remove',
  'partial-redrawing': 'redraw',
  'ai-talking-avatar': 'avatar',
  'video-eraser': 'video-erase',
  'video-object-remover': 'video-object-remove',
  'talking-photo': 'talking-photo',
  'lip-sync': 'lip-sync',
  'video-denoise': 'denoise',
  'text-watermark-remover': 'watermark',
  'image-extender': 'extend',
  'audio-tools': 'audio',
  'effect-templates': 'template',
};
