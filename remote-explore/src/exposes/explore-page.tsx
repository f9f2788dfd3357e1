import { ExplorePage } from '../explore/components/explore-page';

export default function ExplorePageExpose() {
  return <ExplorePage />;
}
