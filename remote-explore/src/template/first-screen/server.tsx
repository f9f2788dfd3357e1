/**
 * The template browser's first screen as HTML (shared-contracts/first-load's FirstScreenModule), rendered with
 * react-dom/server from the TemplatePage itself as a visitor sees it: the title, the media and category tabs and the
 * first category's templates (the first pictures eager, the first row at high priority), from the categories answer
 * the gateway asks for (`firstScreenCalls`) and carries in the page, so the page starts from it. The page is shown
 * without the shell's header and menu (the route's `chrome` false), so the copy takes the whole window. Inert: a template chosen on the copy would
 * open nothing until the page takes over (it removes the copy when it mounts, in the same frame). remote-explore's
 * build bundles it for Node into its versioned folder (`firstScreenFile('remote_explore/TemplatePage')`); never part
 * of the remote's browser code.
 */
import type { FirstScreenModule } from 'shared-contracts/first-load';
import { renderFirstScreen } from '@studio/ui-kit/first-screen-server';
import { TEMPLATE_CATEGORIES_PATH, TemplatePage } from '../components/template-page';

/** The categories with their first templates (one call). */
export const firstScreenCalls: NonNullable<FirstScreenModule['firstScreenCalls']> = () => [TEMPLATE_CATEGORIES_PATH];

export const firstScreenHtml: FirstScreenModule['firstScreenHtml'] = ({ pathname, apiBase, data, chrome }) =>
  renderFirstScreen(<TemplatePage />, { pathname, apiBase, data, chrome, inert: true });
