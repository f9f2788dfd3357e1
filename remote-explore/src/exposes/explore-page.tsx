import { ExplorePage } from '../explore/components/explore-page';
import { ReviewQueue } from '../explore/components/review-queue';

/** /explore, and /explore?review=1: the operators' review queue of reported items (no route of its own in the spec's table). */
export default function ExplorePageExpose() {
  const review = typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('review') === '1';
  return review ? <ReviewQueue /> : <ExplorePage />;
}
