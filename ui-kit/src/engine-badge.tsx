/**
 * What made a result, on every card, preview and tool result alike: 'Preview · no AI model' when no
 * generative model ran, 'ComfyUI · <model>' from the GPU workers, 'Local · <model>' for a model run on this
 * server (shared-contracts' engineBadge). Its title is the engine's own note.
 */
import { engineBadge, type TaskEngineInfo } from 'shared-contracts';
import { theme } from './theme';

export function EngineBadge({ engine, tone = 'surface' }: { engine: TaskEngineInfo | null | undefined; tone?: 'surface' | 'dark' }) {
  const label = engineBadge(engine);
  if (!label) return null;
  return (
    <span
      data-testid="engine-badge"
      title={engine?.note}
      css={{
        alignSelf: 'flex-start',
        fontSize: 12,
        fontWeight: 700,
        padding: '3px 8px',
        borderRadius: 999,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        maxWidth: '100%',
        ...(tone === 'dark' ? { color: '#ffffff', border: '1px solid rgba(255,255,255,0.3)' } : { color: theme.text, background: theme.surface, border: `1px solid ${theme.border}` }),
      }}
    >
      {label}
    </span>
  );
}
