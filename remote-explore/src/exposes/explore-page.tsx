import { lazy, Suspense } from 'react';
import { ExplorePage } from '../explore/components/explore-page';

/** the operators' queue: its own chunk, no part of a visitor's /explore */
const ReviewQueue = lazy(() => import(/* webpackChunkName: "review-queue" */ '../explore/components/review-queue').then(({ ReviewQueue: queue }) => ({ default: queue })));

/** /explore, and /explore?review=1: the operators' review queue of reported items (no route of its own in the spec's table). */
export default function ExplorePageExpose() {
  const review = typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('review') === '1';
  return review ? (
    <Suspense fallback={null}>
      <ReviewQueue />
    </Suspense>
  ) : (
    <ExplorePage />
  );
}
