import { useRef, type ReactNode } from 'react';
import useSWR from 'swr';
import { SAMPLE_LIMIT, useShell } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';
import { acceptOf, IMAGE_RULE } from '../../uploads/utils/upload-rules';
import type { PromptHelper } from '../hooks/use-prompt-helpers';

function ToolButton({ onClick, disabled, children }: { onClick(): void; disabled?: boolean; children: ReactNode }) {
  return (
    <Button variant="ghost" onClick={onClick} disabled={disabled} css={{ minHeight: 32, padding: '0 12px', fontSize: 13 }}>
      {children}
    </Button>
  );
}

export interface PromptToolsProps {
  /** which helpers the screen has */
  presets: boolean;
  polish: boolean;
  imageToPrompt: boolean;
  busy: PromptHelper | null;
  canClear: boolean;
  onPresets(): void;
  onPolish(): void;
  onImage(file: File | undefined): void;
  onClear(): void;
}

/** The row under the prompt: Presets, Polish, Image to prompt (its own file input) and Clear. */
export function PromptTools({ presets, polish, imageToPrompt, busy, canClear, onPresets, onPolish, onImage, onClear }: PromptToolsProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  if (!presets && !polish && !imageToPrompt) return null;
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {presets ? <ToolButton onClick={onPresets}>Presets</ToolButton> : null}
      {polish ? (
        <ToolButton onClick={onPolish} disabled={busy !== null}>
          {busy === 'polish' ? 'Polishing…' : 'Polish'}
        </ToolButton>
      ) : null}
      {imageToPrompt ? (
        <>
          <input
            ref={fileRef}
            type="file"
            accept={acceptOf(IMAGE_RULE)}
            aria-label="Image to prompt: choose a picture"
            tabIndex={-1}
            onChange={(event) => {
              onImage(event.target.files?.[0]);
              event.target.value = '';
            }}
            css={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
          />
          <ToolButton onClick={() => fileRef.current?.click()} disabled={busy !== null}>
            {busy === 'image' ? 'Reading the picture…' : 'Image to prompt'}
          </ToolButton>
        </>
      ) : null}
      {canClear ? <ToolButton onClick={onClear}>Clear</ToolButton> : null}
    </div>
  );
}

/** one row of sample chips (a row's height, kept while they load): the fields below never move when they arrive */
const SAMPLES_ROW_HEIGHT = 28;

/**
 * Up to five sample prompts of the screen (GET /v1/common/prompt_sample); a press puts one in the prompt.
 * They sit in one row that scrolls sideways, its height held from the first render, so their arrival shifts
 * nothing below (on a phone, chips that wrapped pushed the form down by 170 px: issue 25's layout shift).
 */
export function PromptSamples({ sampleKey, onPick }: { sampleKey?: string; onPick(prompt: string): void }) {
  const shell = useShell();
  const samples = useSWR(sampleKey ? ['remote-create:samples', sampleKey] : null, () => shell.api.call('GET /v1/common/prompt_sample', { query: { key: sampleKey ?? '' } }), {
    revalidateOnFocus: false,
  });
  const sampleList = (samples.data ?? []).slice(0, SAMPLE_LIMIT);
  const row = { display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: 6, minHeight: SAMPLES_ROW_HEIGHT, overflowX: 'auto', scrollbarWidth: 'none' } as const;
  if (sampleList.length === 0) return sampleKey && samples.isLoading ? <div aria-hidden="true" data-testid="prompt-samples-loading" css={row} /> : null;
  return (
    <div css={row} role="group" aria-label="Prompt samples">
      <span css={{ flex: 'none', fontSize: 12, color: theme.textMuted }}>Try:</span>
      {sampleList.map((sample, index) => (
        <button
          key={sample.id}
          type="button"
          title={sample.prompt}
          onClick={() => onPick(sample.prompt)}
          css={{
            flex: 'none',
            maxWidth: 220,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            padding: '4px 10px',
            borderRadius: 999,
            border: `1px solid ${theme.border}`,
            background: theme.bg,
            color: theme.text,
            font: 'inherit',
            fontSize: 12,
            cursor: 'pointer',
            '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
          }}
          aria-label={`Sample ${index + 1}: ${sample.prompt}`}
        >
          {sample.prompt}
        </button>
      ))}
    </div>
  );
}
