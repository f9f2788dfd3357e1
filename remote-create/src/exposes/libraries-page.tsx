import { LibrariesPage } from '../libraries/components/libraries-page';

export default function LibrariesPageExpose() {
  return <LibrariesPage />;
}
