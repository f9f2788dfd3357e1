/**
 * The AI tools list's first screen as HTML (shared-contracts/first-load's FirstScreenModule), rendered with
 * react-dom/server from the AiToolsPage itself as a visitor sees it: the title, the category tabs and the tools with
 * their before/after previews (the first two pictures eager at high priority: the phone's largest paint is the first),
 * from the previews' answer the gateway asks for (`firstScreenCalls`) and carries in the page, so the page starts from
 * it. The AiToolsPage removes the copy when it mounts, in the same frame. remote-tools' build bundles it for Node into
 * its versioned folder (`firstScreenFile('remote_tools/AiToolsPage')`); never part of the remote's browser code.
 */
import type { AiToolCategory } from 'shared-contracts';
import type { FirstScreenModule } from 'shared-contracts/first-load';
import { renderFirstScreen } from '@studio/ui-kit/first-screen-server';
import { AiToolsPage } from '../components/ai-tools-page';
import { PREVIEWS_PATH } from '../hooks/use-previews';
import { CATEGORY_TABS } from '../utils/catalog';

function isCategory(value: unknown): value is AiToolCategory {
  return CATEGORY_TABS.some((tab) => tab.category === value);
}

/** The previews of every tool (one call whatever the category). */
export const firstScreenCalls: NonNullable<FirstScreenModule['firstScreenCalls']> = () => [PREVIEWS_PATH];

/** The list of the route's category (its `props.category`); '' for a category this version does not know. */
export const firstScreenHtml: FirstScreenModule['firstScreenHtml'] = ({ pathname, props, apiBase, data }) =>
  isCategory(props.category) ? renderFirstScreen(<AiToolsPage category={props.category} />, { pathname, apiBase, data }) : '';
