/** The tools list reads the contract's catalogue (shared-contracts tools.ts); this file only filters it. */
import { routePath, type AiToolCategory, type RouteName } from 'shared-contracts';
import { AI_TOOLS, type AiTool } from 'shared-contracts/tools';

/** The Hot list: the tool routes spec section 2 names (the catalogue's `hot`). */
function isHot(tool: AiTool): boolean {
  return tool.hot && tool.route !== null;
}

export function toolsFor(category: AiToolCategory): AiTool[] {
  if (category === 'all') return [...AI_TOOLS];
  if (category === 'hot') return AI_TOOLS.filter(isHot);
  return AI_TOOLS.filter((tool) => tool.media.includes(category));
}

export function toolHref(tool: AiTool): string | null {
  return tool.route ? routePath(tool.route as never) : null;
}


export interface CategoryTab {
  category: AiToolCategory;
  label: string;
  /** the route of spec section 2 showing this list ('all' has none) */
  route: RouteName | null;
}

export const CATEGORY_TABS: readonly CategoryTab[] = [
  { category: 'hot', label: 'Hot', route: 'AiTools' },
  { category: 'all', label: 'All', route: null },
  { category: 'video', label: 'Video', route: 'AiToolsVideo' },
  { category: 'image', label: 'Image', route: 'AiToolsImage' },
  { category: 'audio', label: 'Audio', route: 'AiToolsAudio' },
];
