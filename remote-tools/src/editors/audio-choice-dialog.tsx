import { useId, useState } from 'react';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '@studio/ui-kit/dialog';

/** The audio edit choice of spec section 2: 'Select one audio to edit', radio options, Cancel/OK. */
export function AudioChoiceDialog({ files, onPick, onCancel }: { files: File[]; onPick(file: File): void; onCancel(): void }) {
  const name = useId();
  const [chosen, setChosen] = useState(0);
  return (
    <Dialog
      title="Select one audio to edit"
      onClose={onCancel}
      hideClose
      testId="audio-choice"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => onPick(files[chosen])}>
            OK
          </Button>
        </>
      }
    >
      <div role="radiogroup" aria-label="Audio files" css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        {files.map((file, index) => (
          <label key={`${file.name}-${index}`} css={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <input type="radio" name={name} checked={chosen === index} onChange={() => setChosen(index)} />
            {file.name}
          </label>
        ))}
      </div>
    </Dialog>
  );
}
