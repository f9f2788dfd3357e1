/**
 * Tracking (spec sections 3 and 7): the event names, the analytics profile every event carries, the
 * collector's wire format (POST /v1/track) and the judgements the spec asks for (page performance
 * thresholds, the 30 s load-time rule). Remotes fire events through `ShellApi.track`; `trackEvent` below
 * is the typed way to do it.
 */
import { PANEL_LOAD_SUCCESS_MS, PERF_THRESHOLDS } from './constants.js';
import type { AnalyticsProfile } from './entities.js';

export const TRACK_EVENTS = {
  PURCHASE_CLICK: 'miai_purchase_interface_click',
  PURCHASE_EXPOSE: 'miai_purchase_interface_expose',
  PURCHASE_LOAD: 'miai_purchase_interface_load',
  PURCHASE_SUCCESSFUL: 'purchase_successful',
  ACTIVITY_ENTRY: 'miai_activity_entry_trigger',
  ACTIVITY_CLICK: 'miai_activity_interface_click',
  ACTIVITY_EXPOSE: 'miai_activity_interface_expose',
  ACTIVITY_LOAD: 'miai_activity_interface_load',
  LOGIN_RESULT: 'user_login_result_v2',
  TASK_CLICK: 'task_click',
  BUTTON_CLICK: 'button_click',
  API_FETCH_STATUS: 'api_fetch_status',
  ERROR_PAGE: 'error_page_expose',
  PAGE_VIEW: 'page_view',
  PAGE_PERFORMANCE: 'page_performance',
  AB_EXPOSURE: 'ab_test_exposure',
  CHAT_OPEN: 'customer_chat_open',
  /** the shell refused a remote built against another major of the contract (the collector logs it for operators) */
  REMOTE_REFUSED: 'remote_refused',
} as const;
export type TrackEventName = (typeof TRACK_EVENTS)[keyof typeof TRACK_EVENTS];

/** Values an event property may hold: flat, so the collector can bound and store them. */
export type TrackValue = string | number | boolean | null;
export type TrackProps = Record<string, TrackValue>;


/** One event as the browser sends it to the collector. */
export interface TrackedEvent {
  event: string;
  /** epoch ms in the browser */
  ts: number;
  /** the route path the event happened on */
  route: string;
  profile: AnalyticsProfile;
  props: TrackProps;
  /** the page's trace id, so an event can be matched to the API calls around it */
  trace_id?: string;
}

/** POST /v1/track body. The server takes uid, wsid and member level from the bearer, never from here. */
export interface TrackBatch {
  client_id: string;
  events: TrackedEvent[];
}

/** POST /v1/track answer. */
export interface TrackAccepted {
  accepted: number;
}

/** The browser keeps at most this many unsent events (the oldest go first). */
export const TRACK_QUEUE_MAX = 1000;
/** The collector takes at most this many events in one batch. */
export const TRACK_BATCH_MAX = 50;
/** A call slower than this is reported by api_fetch_status even when it succeeds. */
export const SLOW_CALL_MS = 3000;

/** Props of the events other remotes fire (purchase interface, activity, task and button clicks). */
export interface TrackEventMap {
  miai_purchase_interface_click: { button: string; sku_id?: number; sid?: string; tab?: string; activity_type?: string };
  miai_purchase_interface_expose: { reason: string; tab?: string; activity_type?: string };
  miai_purchase_interface_load: { result: 'success' | 'fail'; load_time: number; reason?: string };
  purchase_successful: { sku_id?: number; order_id?: string; load_time?: number };
  miai_activity_entry_trigger: { activity: string; entry: string };
  miai_activity_interface_click: { activity: string; button: string; source?: string };
  miai_activity_interface_expose: { activity: string; trigger: string };
  miai_activity_interface_load: { activity: string; result: 'success' | 'fail'; load_time: number };
  user_login_result_v2: { result: 'success' | 'fail' | 'cancel'; way?: string; dialog_type?: string; reason?: string; is_new?: boolean };
  task_click: { algorithm: string; action: string; task_id?: string };
  button_click: { button: string; area?: string };
  remote_refused: { remote: string; remote_version: string; remote_contract: string; shell_contract: string; entry: string };
}

/** Typed tracking for a known event; any object with the ShellApi `track` method will do. */
export function trackEvent<K extends keyof TrackEventMap>(
  shell: { track(event: string, props?: Record<string, unknown>): void },
  name: K,
  props: TrackEventMap[K],
): void {
  shell.track(name, props as Record<string, unknown>);
}

/**
 * Spec sections 8 and 9: a panel load that took over 30 s, or 0, counts as a failure, and the purchase
 * event then carries 100.15 as its load time.
 */
export function loadTimeOutcome(ms: number): { result: 'success' | 'fail'; load_time: number } {
  if (!(ms > 0) || ms > PANEL_LOAD_SUCCESS_MS) return { result: 'fail', load_time: 100.15 };
  return { result: 'success', load_time: Math.round(ms) };
}

export type VitalName = 'FCP' | 'LCP' | 'INP' | 'CLS' | 'TTFB';
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** FCP and LCP use the spec's thresholds (section 9); the others the web-vitals defaults. */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [number, number]> = {
  FCP: PERF_THRESHOLDS.fcp,
  LCP: PERF_THRESHOLDS.lcp,
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
};

export function judgeVital(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** The token cookie the shell writes (on the parent domain when configured): a page-hide beacon cannot
 * carry an Authorization header, so the collector reads the bearer from it. */
export const TOKEN_COOKIE_NAME = 'studio_token';
