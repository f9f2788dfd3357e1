import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { TaskOutput } from 'shared-contracts';
import type { UploadLimit } from 'shared-contracts/upload-limits';
import { Button } from '@studio/ui-kit/button';
import { focusRing, media as mq, theme } from '@studio/ui-kit/theme';
import type { InputState, useUploadInput } from '../hooks/use-upload-input';
import { acceptOf } from '../utils/validation';
import { CreationsPicker } from './creations-picker';

export interface UploadSlotProps {
  label: string;
  hint: string;
  limits: readonly UploadLimit[];
  upload: ReturnType<typeof useUploadInput>;
  /** this slot takes pasted files (one slot a page) */
  takesPaste?: boolean;
  /** several files dropped at once: the caller picks one (the audio edit choice) */
  onMany?(files: File[]): void;
  disabled?: boolean;
}

function UploadProgress({ label, name, percent }: { label: string; name: string; percent: number }) {
  return (
    <div css={{ width: '100%', maxWidth: 320 }}>
      <div css={{ fontSize: 14, marginBottom: 6 }}>Uploading {name}…</div>
      <div role="progressbar" aria-label={`Uploading ${label.toLowerCase()}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} css={{ height: 8, borderRadius: 4, background: theme.surfaceRaised, overflow: 'hidden' }}>
        <div css={{ width: `${percent}%`, height: '100%', background: theme.primary, transition: 'width 0.2s' }} />
      </div>
      <div css={{ fontSize: 13, color: theme.textMuted, marginTop: 4 }}>{percent}%</div>
    </div>
  );
}

/** While `enabled`, files pasted on the page (not into a text field) go to onFiles. */
function usePastedFiles(enabled: boolean, onFiles: (files: File[]) => void) {
  // subscribed again on every render, so the paste reaches the latest onFiles
  useEffect(() => {
    if (!enabled) return;
    function onPaste(event: ClipboardEvent) {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT')) return;
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length) {
        event.preventDefault();
        onFiles(files);
      }
    }
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  });
}

/** Upload area: click to choose, drop, paste, or pick from My Creations; progress and refusals shown in place. */
export function UploadSlot({ label, hint, limits, upload, takesPaste, onMany, disabled }: UploadSlotProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [picking, setPicking] = useState(false);
  const { state } = upload;
  const pickerMedia = limits[0].media;

  function take(files: File[]) {
    if (disabled || files.length === 0) return;
    if (files.length > 1 && onMany) onMany(files);
    else void upload.pick(files[0]);
  }

  usePastedFiles(Boolean(takesPaste), take);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    take([...event.dataTransfer.files]);
  }

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <span id={`${id}-label`} css={{ fontWeight: 600, fontSize: 14 }}>
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid={`upload-${label.toLowerCase().replace(/\s+/g, '-')}`}
        css={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 10,
          minHeight: 160,
          padding: 16,
          textAlign: 'center',
          borderRadius: theme.radius,
          border: `1px dashed ${over ? theme.primary : theme.border}`,
          background: over ? theme.surfaceRaised : theme.bg,
          [mq.phone]: { minHeight: 130 },
        }}
      >
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={acceptOf(limits)}
          aria-label={`Upload ${label.toLowerCase()}`}
          disabled={disabled}
          onChange={(event) => {
            take([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
          css={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
        />
        {state.phase === 'uploading' ? (
          <UploadProgress label={label} name={state.name} percent={state.percent} />
        ) : (
          <>
            <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'center' }}>
              <Button variant="primary" disabled={disabled} onClick={() => inputRef.current?.click()} css={focusRing}>
                {state.phase === 'done' ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
              </Button>
              <Button variant="ghost" disabled={disabled} onClick={() => setPicking(true)}>
                From My Creations
              </Button>
            </div>
            <span css={{ fontSize: 13, color: theme.textMuted }}>{state.phase === 'done' ? state.input.name : 'or drop a file here, or paste it'}</span>
          </>
        )}
        <span id={`${id}-hint`} css={{ fontSize: 13, color: theme.textMuted }}>
          {hint}
        </span>
        <SlotMessage state={state} />
      </div>
      {picking ? (
        <CreationsPicker
          media={pickerMedia}
          onClose={() => setPicking(false)}
          onPick={(output: TaskOutput) => {
            setPicking(false);
            void upload.chooseCreation(output);
          }}
        />
      ) : null}
    </div>
  );
}

/** What happened to the file: scaled to fit (status), or why it was refused (alert). */
function SlotMessage({ state }: { state: InputState }) {
  if (state.phase === 'done' && state.input.note) {
    return (
      <span role="status" data-testid="upload-note" css={{ fontSize: 13, color: theme.text }}>
        {state.input.note}
      </span>
    );
  }
  if (state.phase !== 'error') return null;
  return (
    <span role="alert" css={{ color: theme.danger, fontSize: 14 }}>
      {state.message}
    </span>
  );
}
