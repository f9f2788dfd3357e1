import { useState } from 'react';
import useSWR from 'swr';
import { useShell, type PromptCategory } from 'shared-contracts';
import { Tabs } from '@studio/ui-kit/tabs';
import { theme } from '@studio/ui-kit/theme';
import { Dialog } from '../../lib/dialog';
import { messageOf } from '@studio/ui-kit/errors';

/** Prompt presets by category (GET /v1/prompt/category-and-presets). */
export function PresetsDialog({ algorithm, onPick, onClose }: { algorithm: string; onPick(prompt: string): void; onClose(): void }) {
  const shell = useShell();
  const [active, setActive] = useState(0);
  const answer = useSWR(['remote-create:presets', algorithm], () => shell.api.call('GET /v1/prompt/category-and-presets', { query: { algorithm, lang: 'en' } }), {
    revalidateOnFocus: false,
  });
  const categories: PromptCategory[] = answer.data ?? [];
  const category = categories[Math.min(active, Math.max(0, categories.length - 1))];
  return (
    <Dialog title="Prompt presets" onClose={onClose} width={560}>
      {answer.error ? <p role="alert" css={{ margin: 0, color: theme.danger }}>{messageOf(answer.error)}</p> : null}
      {!answer.data && !answer.error ? <p css={{ margin: 0, color: theme.textMuted }}>Loading the presets…</p> : null}
      {answer.data && categories.length === 0 ? <p css={{ margin: 0, color: theme.textMuted }}>No presets for this mode.</p> : null}
      {categories.length > 0 ? (
        <>
          <Tabs
            label="Preset categories"
            tabs={categories.map((item, index) => ({ value: index, label: item.name }))}
            value={Math.min(active, categories.length - 1)}
            onChange={(index) => setActive(index)}
            listCss={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}
            tabCss={(selected) => ({
              padding: '6px 12px',
              borderRadius: 999,
              border: `1px solid ${selected ? theme.link : theme.border}`,
              background: selected ? theme.surfaceRaised : 'transparent',
              color: theme.text,
              fontSize: 13,
            })}
          />
          <ul role="tabpanel" aria-label={category?.name} css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
            {category?.presets.map((preset) => (
              <li key={preset.id}>
                <button
                  type="button"
                  onClick={() => onPick(preset.prompt)}
                  css={{
                    width: '100%',
                    textAlign: 'left',
                    padding: 12,
                    borderRadius: 10,
                    border: `1px solid ${theme.border}`,
                    background: theme.bg,
                    color: theme.text,
                    font: 'inherit',
                    cursor: 'pointer',
                    '&:hover': { background: theme.surfaceHover },
                    '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
                  }}
                >
                  <strong css={{ display: 'block', fontSize: 14 }}>{preset.title}</strong>
                  <span css={{ fontSize: 13, color: theme.textMuted }}>{preset.prompt}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Dialog>
  );
}
