import type { EngineOffer } from 'shared-contracts';
import { isAlgorithm, localMethod, resolveAlgorithm } from 'shared-contracts/algorithms';
import { EngineBadge } from '@studio/ui-kit/engine-badge';
import { theme } from '@studio/ui-kit/theme';

/** What runs the tool: the cost call's answer once there is one, else what this product's own engine does. */
function offerFor(algorithm: string, offer: EngineOffer | undefined): EngineOffer | undefined {
  if (offer) return offer;
  const id = isAlgorithm(algorithm) ? algorithm : resolveAlgorithm(algorithm);
  const local = id ? localMethod(id) : undefined;
  return local ? { name: 'local', model: local.model, summary: local.summary } : undefined;
}

/**
 * Said beside the action, before anything is charged (issue 21): the engine's badge (the same one its result
 * will carry) and what it does and does not do on this server.
 */
export function ToolEngineNotice({ algorithm, offer }: { algorithm: string; offer?: EngineOffer }) {
  const shown = offerFor(algorithm, offer);
  if (!shown) return null;
  const comfy = shown.name === 'comfyui';
  const text = comfy ? `Made on ComfyUI by ${shown.model ?? 'its workflow'}.` : shown.summary;
  return (
    <div data-testid="tool-engine-notice" css={{ display: 'flex', alignItems: 'flex-start', gap: 8, flexWrap: 'wrap', fontSize: 13, color: theme.textMuted }}>
      <EngineBadge engine={{ name: comfy ? 'comfyui' : 'local:', model: shown.model, note: shown.summary ?? '' }} />
      {text ? <span css={{ flex: '1 1 240px', lineHeight: 1.45 }}>{text}</span> : null}
    </div>
  );
}
