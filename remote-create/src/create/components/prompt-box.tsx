import { useId, useRef, useState } from 'react';
import useSWR from 'swr';
import { SAMPLE_LIMIT, USER_TEXTS, useShell, type PromptCategory } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '../../lib/dialog';
import { messageOf } from '../../lib/errors';
import { theme } from '@studio/ui-kit/theme';
import { UploadProgress } from '../../uploads/components/upload-progress';
import { useUpload } from '../../uploads/hooks/use-upload';
import { acceptOf, checkImageFile, IMAGE_RULE } from '../../uploads/utils/upload-rules';
import { countWords, type PromptSpec } from '../utils/modes';

export interface PromptBoxProps {
  spec: PromptSpec;
  value: string;
  onChange(value: string): void;
  /** words the chosen style adds to the prompt (counted against the limit) */
  extraWords?: number;
  /** GET /v1/prompt/category-and-presets algorithm; no presets without it */
  presetsAlgorithm?: string;
  /** GET /v1/common/prompt_sample key; no samples without it */
  sampleKey?: string;
  polish?: boolean;
  imageToPrompt?: boolean;
  id?: string;
}

/**
 * The prompt with its word hint, a live count and 'Your prompt is too long. Please shorten it'; presets,
 * up to five samples, polish and image-to-prompt where the screen has them.
 */
export function PromptBox({ spec, value, onChange, extraWords = 0, presetsAlgorithm, sampleKey, polish = false, imageToPrompt = false, id: givenId }: PromptBoxProps) {
  const shell = useShell();
  const ownId = useId();
  const id = givenId ?? ownId;
  const words = countWords(value) + (value.trim() ? extraWords : 0);
  const tooLong = words > spec.maxWords;
  const [presetsOpen, setPresetsOpen] = useState(false);
  const [busy, setBusy] = useState<'polish' | 'image' | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [toolError, setToolError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUpload('img2prompt');
  /** a new prompt from anywhere but the helpers drops the helper's note */
  const set = (next: string) => {
    onChange(next);
    setNote(null);
  };

  const samples = useSWR(sampleKey ? ['remote-create:samples', sampleKey] : null, () => shell.api.call('GET /v1/common/prompt_sample', { query: { key: sampleKey ?? '' } }), {
    revalidateOnFocus: false,
  });

  function needLogin(reason: string): boolean {
    if (shell.session.state.flags.isLogin) return false;
    shell.bus.emit('account:login-required', { reason });
    return true;
  }

  async function runPolish() {
    if (needLogin('prompt-polish')) return;
    if (!value.trim()) {
      setToolError('Write a prompt first, then polish it.');
      return;
    }
    setBusy('polish');
    setToolError(null);
    try {
      const answer = await shell.api.call('POST /v1/ai/prompt/polish', { body: { prompt: value } });
      onChange(answer.prompt);
      setNote(answer.note ?? null);
    } catch (error) {
      setToolError(messageOf(error, USER_TEXTS.PROMPT_FAILED));
    } finally {
      setBusy(null);
    }
  }

  async function runImageToPrompt(file: File | undefined) {
    if (!file) return;
    if (needLogin('image-to-prompt')) return;
    const problem = checkImageFile(file);
    if (problem) {
      setToolError(problem);
      return;
    }
    setBusy('image');
    setToolError(null);
    try {
      const uploaded = await upload.start(file);
      if (!uploaded) return;
      const answer = await shell.api.call('POST /v1/ai/prompt/img2prompt', { body: { image: uploaded.oss_path } });
      if (!answer.prompt) throw new Error('empty prompt');
      onChange(answer.prompt);
      setNote(answer.note ?? null);
    } catch (error) {
      console.warn('[remote-create] image to prompt failed', error);
      setToolError(USER_TEXTS.PROMPT_FAILED);
    } finally {
      upload.reset();
      setBusy(null);
    }
  }

  const sampleList = (samples.data ?? []).slice(0, SAMPLE_LIMIT);

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <label htmlFor={id} css={{ fontWeight: 600, fontSize: 14 }}>
        {spec.label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => set(event.target.value)}
        placeholder={spec.placeholder}
        rows={5}
        aria-describedby={`${id}-hint ${id}-count${tooLong ? ` ${id}-error` : ''}`}
        aria-invalid={tooLong}
        css={{
          resize: 'vertical',
          minHeight: 120,
          padding: 12,
          borderRadius: 10,
          font: 'inherit',
          fontSize: 14,
          lineHeight: 1.5,
          color: theme.text,
          background: theme.bg,
          border: `1px solid ${tooLong ? theme.danger : theme.border}`,
          '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 1 },
        }}
      />
      <div css={{ display: 'flex', justifyContent: 'space-between', gap: 8, fontSize: 12, color: theme.textMuted }}>
        <span id={`${id}-hint`}>{spec.hint}</span>
        <span id={`${id}-count`} css={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {words} / {spec.maxWords} words
        </span>
      </div>
      {tooLong ? (
        <p id={`${id}-error`} role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
          {USER_TEXTS.PROMPT_TOO_LONG}
        </p>
      ) : null}

      {presetsAlgorithm || polish || imageToPrompt ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {presetsAlgorithm ? (
            <Button variant="ghost" onClick={() => setPresetsOpen(true)} css={{ minHeight: 32, padding: '0 12px', fontSize: 13 }}>
              Presets
            </Button>
          ) : null}
          {polish ? (
            <Button variant="ghost" onClick={() => void runPolish()} disabled={busy !== null} css={{ minHeight: 32, padding: '0 12px', fontSize: 13 }}>
              {busy === 'polish' ? 'Polishing…' : 'Polish'}
            </Button>
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
                  void runImageToPrompt(event.target.files?.[0]);
                  event.target.value = '';
                }}
                css={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
              />
              <Button variant="ghost" onClick={() => fileRef.current?.click()} disabled={busy !== null} css={{ minHeight: 32, padding: '0 12px', fontSize: 13 }}>
                {busy === 'image' ? 'Reading the picture…' : 'Image to prompt'}
              </Button>
            </>
          ) : null}
          {value ? (
            <Button variant="ghost" onClick={() => set('')} css={{ minHeight: 32, padding: '0 12px', fontSize: 13 }}>
              Clear
            </Button>
          ) : null}
        </div>
      ) : null}
      {upload.state.phase === 'uploading' ? <UploadProgress percent={upload.state.percent} label="Uploading the picture" /> : null}
      {toolError ? (
        <p role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
          {toolError}
        </p>
      ) : null}
      {note ? <p css={{ margin: 0, fontSize: 12, color: theme.textMuted }}>{note}</p> : null}

      {sampleList.length > 0 ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 6 }} role="group" aria-label="Prompt samples">
          <span css={{ fontSize: 12, color: theme.textMuted }}>Try:</span>
          {sampleList.map((sample, index) => (
            <button
              key={sample.id}
              type="button"
              title={sample.prompt}
              onClick={() => set(sample.prompt)}
              css={{
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
      ) : null}

      {presetsOpen && presetsAlgorithm ? (
        <PresetsDialog
          algorithm={presetsAlgorithm}
          onPick={(prompt) => {
            set(prompt);
            setPresetsOpen(false);
          }}
          onClose={() => setPresetsOpen(false)}
        />
      ) : null}
    </div>
  );
}

/** Prompt presets by category (GET /v1/prompt/category-and-presets). */
function PresetsDialog({ algorithm, onPick, onClose }: { algorithm: string; onPick(prompt: string): void; onClose(): void }) {
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
          <div role="tablist" aria-label="Preset categories" css={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
            {categories.map((item, index) => (
              <button
                key={item.id}
                type="button"
                role="tab"
                aria-selected={index === active}
                onClick={() => setActive(index)}
                css={{
                  padding: '6px 12px',
                  borderRadius: 999,
                  border: `1px solid ${index === active ? theme.link : theme.border}`,
                  background: index === active ? theme.surfaceRaised : 'transparent',
                  color: theme.text,
                  font: 'inherit',
                  fontSize: 13,
                  cursor: 'pointer',
                  '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
                }}
              >
                {item.name}
              </button>
            ))}
          </div>
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
