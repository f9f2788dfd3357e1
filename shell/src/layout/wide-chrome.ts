/**
 * What only a tablet's or a desktop's chrome draws: the sidebar's menu, and the header's community chat entry
 * and theme toggle (desktop). One chunk, no part of a phone's first load (a phone's menu is the drawer);
 * wide-chrome-parts.tsx loads it.
 */
export { SideMenu } from './side-menu';
export { CommunityChat } from './community-chat';
export { ThemeToggle } from './theme-toggle';
