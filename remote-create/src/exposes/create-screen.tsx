import type { CreateScreenProps } from 'shared-contracts';
import { CreateScreen } from '../create/components/create-screen';

export default function CreateScreenExpose({ mode }: CreateScreenProps) {
  // a new mode is a new screen: nothing of the previous form carries over
  return <CreateScreen key={mode} mode={mode} />;
}
