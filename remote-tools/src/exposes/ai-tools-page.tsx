import type { AiToolsPageProps } from 'shared-contracts';
import { AiToolsPage } from '../tools-list/components/ai-tools-page';

export default function AiToolsPageExpose({ category }: AiToolsPageProps) {
  return <AiToolsPage category={category} />;
}
