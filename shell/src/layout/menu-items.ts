/**
 * The side menu of spec section 2: Home, Explore, Effect; AI Video (ImageToVideo, TextToVideo,
 * VideoToAnime); AI Image (TextToImage, ImageToImage); AI Audio (TextToMusic); then Libraries and AiTools.
 * 'new' on TextToImage, TextToVideo, ImageToVideo and TextToMusic (they open with a channel query naming a
 * video-model campaign); 'hot' on ImageToImage; the 'free' style exists but no item uses it.
 */
import type { RemoteModuleName } from 'shared-contracts';
import type { MenuIconName } from './menu-icons';
import { routePath, type RouteName } from '../routing/named-routes';

export type BadgeKind = 'new' | 'hot' | 'free';

/** The campaign a 'new' item names in its channel query. */
const NEW_BADGE_CHANNEL = 'veo3_campaign';

export interface MenuItem {
  route: RouteName;
  label: string;
  icon: MenuIconName;
  badge?: BadgeKind;
  /** an item with its own link opens it in a new tab */
  href?: string;
  /** the remote module to preload on hover */
  preload: RemoteModuleName;
}

export interface MenuGroup {
  /** undefined for the top-level items */
  title?: string;
  items: MenuItem[];
}

export const MENU: readonly MenuGroup[] = [
  {
    items: [
      { route: 'Home', label: 'Home', icon: 'home', preload: 'remote_explore/HomePage' },
      { route: 'Explore', label: 'Explore', icon: 'explore', preload: 'remote_explore/ExplorePage' },
      { route: 'Effect', label: 'AI Effects', icon: 'effect', preload: 'remote_explore/EffectPage' },
    ],
  },
  {
    title: 'AI Video',
    items: [
      { route: 'ImageToVideo', label: 'Image to Video', icon: 'video', badge: 'new', preload: 'remote_create/CreateScreen' },
      { route: 'TextToVideo', label: 'Text to Video', icon: 'video', badge: 'new', preload: 'remote_create/CreateScreen' },
      { route: 'VideoToAnime', label: 'Video to Anime', icon: 'video', preload: 'remote_create/CreateScreen' },
    ],
  },
  {
    title: 'AI Image',
    items: [
      { route: 'TextToImage', label: 'Text to Image', icon: 'image', badge: 'new', preload: 'remote_create/CreateScreen' },
      { route: 'ImageToImage', label: 'Image to Image', icon: 'image', badge: 'hot', preload: 'remote_create/CreateScreen' },
    ],
  },
  {
    title: 'AI Audio',
    items: [{ route: 'TextToMusic', label: 'Text to Music', icon: 'music', badge: 'new', preload: 'remote_create/CreateScreen' }],
  },
  {
    items: [
      { route: 'Libraries', label: 'My Creations', icon: 'folder', preload: 'remote_create/LibrariesPage' },
      { route: 'AiTools', label: 'AI Tools', icon: 'tools', preload: 'remote_tools/AiToolsPage' },
    ],
  },
];

/** Where a menu item goes: 'new' items carry the campaign channel. */
export function menuTarget(item: MenuItem): string {
  return item.badge === 'new' ? routePath(item.route, undefined, { channel: NEW_BADGE_CHANNEL }) : routePath(item.route);
}

export const BADGE_LABEL: Record<BadgeKind, string> = { new: 'New', hot: 'Hot', free: 'Free' };
