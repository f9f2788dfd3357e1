/**
 * A tool editor's first screen as HTML (shared-contracts/first-load's FirstScreenModule), rendered with
 * react-dom/server from the ToolEditor itself as a visitor sees it: the tool's title, its upload area and rule, the
 * engine notice and the action (no call: the catalogue is in the code). Inert: a file dropped on the copy would be
 * lost at the takeover (the ToolEditor removes the copy when it mounts, in the same frame). remote-tools' build
 * bundles it for Node into its versioned folder (`firstScreenFile('remote_tools/ToolEditor')`); never part of the
 * remote's browser code.
 */
import type { AiToolSlug } from 'shared-contracts';
import type { FirstScreenModule } from 'shared-contracts/first-load';
import { AI_TOOLS } from 'shared-contracts/tools';
import { renderFirstScreen } from '@studio/ui-kit/first-screen-server';
import { ToolEditor } from '../components/tool-editor';

function isTool(value: unknown): value is AiToolSlug {
  return AI_TOOLS.some((tool) => tool.slug === value && tool.editorKind);
}

/** The editor of the route's tool (its `props.tool`); '' for a tool this version does not know. */
export const firstScreenHtml: FirstScreenModule['firstScreenHtml'] = ({ pathname, props, apiBase }) =>
  isTool(props.tool) ? renderFirstScreen(<ToolEditor tool={props.tool} />, { pathname, apiBase, inert: true }) : '';
