/** The tools list reads the contract's tools catalogue (shared-contracts/src/tools.ts); only the icons are its own. */
import { AI_TOOLS, routePath, TOOL_CATEGORY_ROUTES, type AiTool, type AiToolCategory, type ToolMedia } from 'shared-contracts';
import type { IconName } from '@studio/ui-kit/src/icons';

export type { ToolMedia };

export interface ToolEntry extends AiTool {
  icon: IconName;
}

const ICONS: Record<string, IconName> = {
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

/** Every AI tool of spec section 1. */
export const TOOLS: readonly ToolEntry[] = AI_TOOLS.map((tool) => ({ ...tool, icon: ICONS[tool.id] ?? 'template' }));

/** The hot list is the tools with an editor of their own (the named tool routes of spec section 2). */
export function isHot(tool: ToolEntry): boolean {
  return tool.slug !== undefined;
}

export function toolsFor(category: AiToolCategory): ToolEntry[] {
  if (category === 'all') return [...TOOLS];
  if (category === 'hot') return TOOLS.filter(isHot);
  return TOOLS.filter((tool) => tool.media.includes(category));
}

/** The tool's own page (its editor, or the effect templates), or null when it has none yet. */
export function toolHref(tool: ToolEntry): string | null {
  return tool.route ? routePath(tool.route) : null;
}

export interface CategoryTab {
  category: AiToolCategory;
  label: string;
  /** the route of spec section 2 showing this list ('all' has none) */
  route: string | null;
}

export const CATEGORY_TABS: readonly CategoryTab[] = [
  { category: 'hot', label: 'Hot', route: routePath(TOOL_CATEGORY_ROUTES.hot) },
  { category: 'all', label: 'All', route: null },
  { category: 'video', label: 'Video', route: routePath(TOOL_CATEGORY_ROUTES.video) },
  { category: 'image', label: 'Image', route: routePath(TOOL_CATEGORY_ROUTES.image) },
  { category: 'audio', label: 'Audio', route: routePath(TOOL_CATEGORY_ROUTES.audio) },
];
