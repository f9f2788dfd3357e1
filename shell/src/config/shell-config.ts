/**
 * Runtime configuration of the shell. The gateway may inject a JSON object into the served index.html as
 * `<script id="shell-config" type="application/json">{...}</script>`; every field is optional and falls
 * back to the defaults below, so the same build runs on any host.
 */
import type { ShellConfig } from 'shared-contracts';

export interface ShellRuntimeConfig extends ShellConfig {
  /** https origin used for canonical and social metadata; pages live under `${canonicalOrigin}/ai` */
  canonicalOrigin: string;
  /** host names that count as our own domains for the link rules (subdomains included) */
  ownDomains: string[];
  /** stylesheet loaded the first time CMS blocks are injected; '' loads none */
  cmsStylesheetUrl: string;
  /** how often the new-version check runs after the first one (ms) */
  versionCheckIntervalMs: number;
  /** a customer chat vendor's script URL; '' = our own support panel (shell/src/chat) */
  chatWidgetUrl: string;
  /** CSS selector of the vendor widget's elements, hidden off Home */
  chatWidgetSelector: string;
  /** base URL of static assets (RESOURCE_BASE_URL); '' = the API base */
  resourceBase: string;
}


function defaultEnv(): string {
  return process.env.NODE_ENV === 'production' ? 'production' : 'development';
}

export function defaultConfig(origin: string = typeof window === 'undefined' ? '' : window.location.origin): ShellRuntimeConfig {
  let hostname = '';
  try {
    hostname = origin ? new URL(origin).hostname : '';
  } catch {
    hostname = '';
  }
  return {
    apiBase: '',
    accountOrigin: origin,
    env: defaultEnv(),
    productId: '',
    appKey: '',
    communityInviteUrl: '',
    termsUrl: '',
    privacyUrl: '',
    cookieDomain: '',
    canonicalOrigin: origin.replace(/^http:/, 'https:'),
    ownDomains: hostname ? [hostname] : [],
    cmsStylesheetUrl: '',
    versionCheckIntervalMs: 5 * 60 * 1000,
    chatWidgetUrl: '',
    chatWidgetSelector: '',
    resourceBase: '',
  };
}

type Primitive = string | number | string[];

function pick(raw: Record<string, unknown>, key: keyof ShellRuntimeConfig, fallback: Primitive): Primitive {
  const value = raw[key];
  if (Array.isArray(fallback)) {
    return Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : fallback;
  }
  if (typeof fallback === 'number') return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
  return typeof value === 'string' ? value : fallback;
}

/** Merges the injected JSON (if any, and if valid) over the defaults; unknown or mistyped fields are ignored. */
export function readShellConfig(doc: Document = document): ShellRuntimeConfig {
  const defaults = defaultConfig(doc.defaultView?.location.origin ?? '');
  const element = doc.getElementById('shell-config');
  if (!element?.textContent?.trim()) return defaults;
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent);
  } catch (error) {
    console.warn('[shell] #shell-config is not valid JSON; using defaults', error);
    return defaults;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return defaults;
  const source = raw as Record<string, unknown>;
  const merged = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof ShellRuntimeConfig)[]) {
    (merged as Record<string, Primitive>)[key] = pick(source, key, defaults[key]);
  }
  // the origin we run on is always one of our own domains
  const ownHost = doc.defaultView?.location.hostname;
  if (ownHost && !merged.ownDomains.includes(ownHost)) merged.ownDomains = [...merged.ownDomains, ownHost];
  merged.apiBase = merged.apiBase.replace(/\/+$/, '');
  merged.resourceBase = merged.resourceBase.replace(/\/+$/, '');
  merged.canonicalOrigin = merged.canonicalOrigin.replace(/\/+$/, '');
  return merged;
}
