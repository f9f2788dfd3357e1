import { EffectPage } from '../effect/components/effect-page';

export default function EffectPageExpose() {
  return <EffectPage />;
}
