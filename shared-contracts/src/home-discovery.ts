/**
 * Home's discovery rows (Trending in Explore, Hot templates), one home for the calls they make. The gateway
 * makes the same calls in-process for a visitor's /home and writes the answers into the first HTML (a JSON
 * block) with preload hints for the first pictures, so the rows render with the page instead of one API
 * round trip and one image request after it (the phone's largest paint is the first Trending picture).
 * Its own entry (`shared-contracts/home-discovery`), read by the gateway and remote-explore only.
 */
import type { ApiCallData, ApiCallQuery } from './calls.js';

/** id of the `<script type="application/json">` the gateway writes the answers into */
export const HOME_DISCOVERY_DATA_ID = 'home-discovery';

export const HOME_TRENDING_QUERY: ApiCallQuery<'GET /v1/workflow/explore/list'> = { page: 1, page_size: 10, recommend: 1 };
export const HOME_HOT_QUERY: ApiCallQuery<'GET /v1/recommend/tpl'> = { tag: 'video', action_conf: 'hot', action_conf_value: '1' };

/**
 * Trending pictures that load at once, the first with high priority (a phone shows two and a half, a
 * desktop six); the rest of the row loads lazily.
 */
export const HOME_TRENDING_EAGER = 3;

/** What the JSON block holds: the data of each call's answer (a call that failed is left out). */
export interface HomeDiscoveryData {
  trending?: ApiCallData<'GET /v1/workflow/explore/list'>;
  hot?: ApiCallData<'GET /v1/recommend/tpl'>;
}

/** Reads the block the gateway wrote (null when there is none or it does not parse). */
export function readHomeDiscovery(doc: Document = document): HomeDiscoveryData | null {
  const text = doc.getElementById(HOME_DISCOVERY_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as HomeDiscoveryData) : null;
  } catch {
    return null;
  }
}
