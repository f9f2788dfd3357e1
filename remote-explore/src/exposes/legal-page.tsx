import { LegalPage } from '../legal/components/legal-page';
import type { LegalKind } from '../legal/lib/legal-texts';

/** /terms, /privacy, /refund-policy (loaded on demand: nothing of them is in the first load). */
export default function LegalPageExpose({ kind }: { kind: LegalKind }) {
  return <LegalPage kind={kind} />;
}
