/**
 * URL parameters the shell itself reads.
 * - Embedded-content parameters: `embed`, `embedmode` and `from_embed` describe how the page was opened
 *   inside another page. They belong to the landing route only: leaving that route drops them from the URL
 *   (the `embedmode` value stays as the session flag, see embedModeFlag).
 * - `pactivity=retention_checkin_credit_for_creation` marks an arrival from the check-in e-mail campaign.
 */
import { CAMPAIGN_PACTIVITY } from 'shared-contracts';
import { storageGet, storageSet } from '../api/cookies';

const EMBED_PARAMS = ['embed', 'embedmode', 'from_embed'] as const;
const EMBED_MODE_SESSION_KEY = 'embedmode';

export function hasEmbedParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return EMBED_PARAMS.some((name) => params.has(name));
}

/** The search string without the embedded-content parameters ('' or '?a=b'). */
export function withoutEmbedParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of EMBED_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Records `embedmode` of the landing URL as the session flag; answers the flag. */
export function recordEmbedMode(search: string): string {
  const value = new URLSearchParams(search).get('embedmode');
  if (value) storageSet('session', EMBED_MODE_SESSION_KEY, value);
  return embedModeFlag();
}

export function embedModeFlag(): string {
  return storageGet('session', EMBED_MODE_SESSION_KEY) ?? '';
}

export function campaignOf(search: string): string | null {
  const value = new URLSearchParams(search).get('pactivity');
  return value === CAMPAIGN_PACTIVITY ? value : null;
}
