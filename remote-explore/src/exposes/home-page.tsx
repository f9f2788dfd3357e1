import { HomePage } from '../home/components/home-page';

export default function HomePageExpose() {
  return <HomePage />;
}
