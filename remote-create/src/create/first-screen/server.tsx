/**
 * The creation screen's first screen as HTML (shared-contracts/first-load's FirstScreenModule), rendered with
 * react-dom/server from the CreateScreen itself as a visitor sees it: the mode's title, the template button, the
 * inputs, the prompt box, the settings and the Generate button, and the Generate List beside or below them. The
 * gateway writes it into a visitor's first HTML, inert (what is typed into a copy would be lost when it is replaced);
 * the CreateScreen removes it when it mounts, in the same frame.
 * remote-create's build bundles it for Node into its versioned folder (`firstScreenFile('remote_create/CreateScreen')`);
 * never part of the remote's browser code.
 */
import type { CreateMode } from 'shared-contracts';
import type { FirstScreenModule } from 'shared-contracts/first-load';
import { renderFirstScreen } from '@studio/ui-kit/first-screen-server';
import { CreateScreen } from '../components/create-screen';
import { MODES } from '../utils/modes';

function isMode(value: unknown): value is CreateMode {
  return typeof value === 'string' && Object.hasOwn(MODES, value);
}

/** The screen of the route's mode (its `props.mode`); '' for a mode this version does not know. */
export const firstScreenHtml: FirstScreenModule['firstScreenHtml'] = ({ pathname, props, apiBase }) =>
  isMode(props.mode) ? renderFirstScreen(<CreateScreen mode={props.mode} />, { pathname, apiBase, inert: true }) : '';
