import { useEffect, useRef, useState } from 'react';
import { USER_TEXTS, useShell, type TtsVoice } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { listVoices } from '../workspace/api/tools-api';
import { Field, inputCss } from './common';

/** The TTS voices of /v1/ai/tts/voice, each with a spoken sample (/v1/ai/tts/voice/{id}/preview). */
export function VoicePicker({ voice, onChange }: { voice: string; onChange(voice: string): void }) {
  const shell = useShell();
  const [voices, setVoices] = useState<TtsVoice[]>([]);
  const player = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    let live = true;
    listVoices(shell.api)
      .then((list) => {
        if (!live) return;
        setVoices(list);
        if (!voice) onChange(list.find((x) => x.lang.startsWith('en'))?.id || list[0]?.id || '');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // the list is asked once; the first voice is chosen only when none is
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shell]);

  function preview() {
    if (!player.current || !voice) return;
    player.current.src = shell.api.url(`/v1/ai/tts/voice/${encodeURIComponent(voice)}/preview`);
    void player.current.play().catch(() => shell.toast.error(USER_TEXTS.PLAYBACK_FAILED));
  }

  return (
    <div css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
      <Field label="Voice">
        {(id) => (
          <select id={id} value={voice} onChange={(e) => onChange(e.target.value)} css={{ ...inputCss, width: 260 }}>
            {voices.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} ({v.lang}, {v.gender})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button variant="secondary" onClick={preview} disabled={!voice}>
        Preview this voice
      </Button>
      <audio ref={player} aria-label="Voice preview" />
    </div>
  );
}
