/** The pieces the image and video inputs share: the hidden file input, the drop area, the small buttons, the refusal. */
import type { ChangeEvent, DragEvent, ReactNode, Ref } from 'react';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';

/** The file input, visually hidden: the label of the drop area (or Replace) opens it. */
export function HiddenFileInput({ inputRef, id, accept, describedBy, disabled, onFile }: { inputRef: Ref<HTMLInputElement>; id: string; accept: string; describedBy?: string; disabled: boolean; onFile(file: File | undefined): void }) {
  return (
    <input
      ref={inputRef}
      id={id}
      type="file"
      accept={accept}
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onFile(event.target.files?.[0]);
        event.target.value = '';
      }}
      css={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
    />
  );
}

/** The dashed area to click (it is the file input's label) or, where `onDrop` is given, to drop a file on. */
export function DropArea({ htmlFor, busy = false, onDrop, children }: { htmlFor: string; busy?: boolean; onDrop?(file: File | undefined): void; children: ReactNode }) {
  return (
    <label
      htmlFor={htmlFor}
      onDragOver={onDrop ? (event: DragEvent<HTMLLabelElement>) => event.preventDefault() : undefined}
      onDrop={
        onDrop
          ? (event: DragEvent<HTMLLabelElement>) => {
              event.preventDefault();
              onDrop(event.dataTransfer.files[0]);
            }
          : undefined
      }
      css={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 6,
        minHeight: 120,
        padding: 16,
        borderRadius: 12,
        border: `1px dashed ${theme.border}`,
        background: theme.bg,
        textAlign: 'center',
        cursor: busy ? 'progress' : 'pointer',
        'input:focus-visible + &': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
      }}
    >
      {children}
    </label>
  );
}

/** Crop, Replace, Remove: the small ghost buttons beside an uploaded file. */
export function SmallButton({ disabled, onClick, children }: { disabled?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <Button variant="ghost" disabled={disabled} onClick={onClick} css={{ minHeight: 32, padding: '0 10px', fontSize: 13 }}>
      {children}
    </Button>
  );
}

/** Why the file was refused or the upload failed. */
export function InputAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
      {message}
    </p>
  );
}

/** The input's name above it (the file input is labelled by it). */
export function InputLabel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span id={`${id}-label`} css={{ fontWeight: 600, fontSize: 14 }}>
      {children}
    </span>
  );
}
