/**
 * A legal page's first screen as HTML (shared-contracts/first-load's FirstScreenModule), rendered with
 * react-dom/server from the LegalPage itself: the text needs no call, so a visitor reads it before any script has run
 * (its links are plain links). The LegalPage removes the copy when it mounts, in the same frame. remote-explore's
 * build bundles it for Node into its versioned folder (`firstScreenFile('remote_explore/LegalPage')`); never part of
 * the remote's browser code.
 */
import type { FirstScreenModule } from 'shared-contracts/first-load';
import { renderFirstScreen } from '@studio/ui-kit/first-screen-server';
import { LegalPage } from '../components/legal-page';
import { LEGAL_TEXTS, type LegalKind } from '../lib/legal-texts';

function isKind(value: unknown): value is LegalKind {
  return typeof value === 'string' && Object.hasOwn(LEGAL_TEXTS, value);
}

/** The text of the route's kind (its `props.kind`); '' for a kind this version does not know. */
export const firstScreenHtml: FirstScreenModule['firstScreenHtml'] = ({ pathname, props, apiBase }) =>
  isKind(props.kind) ? renderFirstScreen(<LegalPage kind={props.kind} />, { pathname, apiBase }) : '';
