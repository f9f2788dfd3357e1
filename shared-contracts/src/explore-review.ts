/**
 * Review of reported explore items (issue 12): an item reported by REPORT_HIDE_THRESHOLD users is hidden
 * from the gallery until an operator (the API's OPERATOR_UIDS) reviews it: 'cleared' returns it to the
 * gallery (its reporters still never see it), 'removed' keeps it out for good.
 */
import type { ExploreEntry } from './explore.js';
import type { Paginated } from './entities.js';

export type ExploreReviewState = 'none' | 'pending' | 'cleared' | 'removed';
export type ExploreReviewVerdict = 'cleared' | 'removed';

export interface ExploreReviewItem {
  entry: ExploreEntry;
  review: ExploreReviewState;
  /** distinct reporters */
  reports: number;
  /** how many reporters gave each reason, most first */
  reasons: { reason: string; count: number }[];
  /** the free texts of 'Other' */
  others: string[];
  /** epoch seconds of the latest report */
  reported_at: number;
}

export interface ExploreReviewRequest {
  explore_id: number;
  verdict: ExploreReviewVerdict;
}

/** The review queue's texts. */
export const REVIEW_TEXTS = {
  TITLE: 'Review reported items',
  OPERATORS_ONLY: 'Only operators can review reported items.',
  EMPTY: 'Nothing waits for review.',
  CLEAR: 'Keep in Explore',
  REMOVE: 'Remove',
} as const;

declare module './calls.js' {
  interface ApiCallMap {
    /** operators only: items hidden for review (pending first, oldest report first) */
    'GET /v1/explore/review/list': { query: { page: number; page_size: number }; body: void; data: Paginated<ExploreReviewItem> };
    /** operators only: the verdict on a reported item */
    'POST /v1/explore/review': { query: void; body: ExploreReviewRequest; data: ExploreReviewItem };
  }
}
