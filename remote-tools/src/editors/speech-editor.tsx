import { useEffect, useMemo, useState } from 'react';
import { USER_TEXTS } from 'shared-contracts';
import { type AiTool } from 'shared-contracts/tools';
import { theme } from '@studio/ui-kit/theme';
import { UploadSlot } from '../workspace/components/upload-slot';
import { useToolTask } from '../workspace/hooks/use-tool-task';
import { useUploadInput } from '../workspace/hooks/use-upload-input';
import { ChoiceGroup, Field, inputCss } from './common';
import type { EditorText } from './tool-defs';
import { useFaceCheck } from './use-face-check';
import { VoicePicker } from './voice-picker';
import { EditorWorkspace, useSpaceNotice } from './editor-workspace';

const MAX_WORDS = 200;

function words(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}

/** Talking photo, talking avatar (a face photo) and lip sync (a video): a script with a TTS voice, or a track. */
export function SpeechEditor({ tool, text }: { tool: AiTool; text: EditorText }) {
  const space = useSpaceNotice();
  const mainLimits = useMemo(() => [tool.uploads[0].limit], [tool]);
  const audioLimits = useMemo(() => [tool.uploads[1].limit], [tool]);
  const main = useUploadInput(tool.algorithm, mainLimits, space.show);
  const track = useUploadInput(tool.algorithm, audioLimits, space.show);
  const isPhoto = tool.uploads[0].limit.media === 'image';
  const face = useFaceCheck(isPhoto ? (main.input?.ossPath ?? null) : null);
  const [source, setSource] = useState<'script' | 'audio'>('script');
  const [script, setScript] = useState('');
  const [voice, setVoice] = useState('');
  const [settled, setSettled] = useState('');

  // the cost follows the script's length: ask once typing pauses
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(script.trim()), 500);
    return () => window.clearTimeout(timer);
  }, [script]);

  const costQuery: Record<string, string> | null = source === 'audio' ? (track.input?.duration ? { duration: String(track.input.duration) } : null) : settled ? { text: settled, ...(voice ? { voice } : {}) } : null;
  const runner = useToolTask(tool.algorithm, tool.id, costQuery, space.show);
  const tooLong = words(script) > MAX_WORDS;
  const ready = Boolean(main.input) && (!isPhoto || face.state === 'ok') && (source === 'audio' ? Boolean(track.input) : Boolean(script.trim()) && !tooLong);

  function run() {
    if (!main.input) return;
    const data: Record<string, unknown> = { file_path: main.input.ossPath };
    if (source === 'audio' && track.input) data.audio_path = track.input.ossPath;
    else {
      data.text = script.trim();
      if (voice) data.voice = voice;
    }
    void runner.run({ data, name: main.input.name });
  }

  return (
    <EditorWorkspace
      tool={tool}
      text={text}
      space={space}
      runner={runner}
      onAction={run}
      actionDisabled={!ready}
      before={null}
      longWait="This takes up to a few minutes. You can keep this page open or come back to My Creations later."
      inputs={
        <div css={{ display: 'grid', gap: 12, gridTemplateColumns: main.input ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr', '@media (max-width: 767.98px)': { gridTemplateColumns: '1fr' } }}>
          <UploadSlot label={tool.uploads[0].label} hint={tool.uploads[0].rule} limits={mainLimits} upload={main} takesPaste />
          {main.input ? (
            <div css={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
              {isPhoto ? (
                <img src={main.input.url} alt="Your photo" css={{ width: '100%', maxHeight: 300, objectFit: 'contain', borderRadius: theme.radius, background: theme.bg }} />
              ) : (
                <video src={main.input.url} controls muted playsInline aria-label="Your video" css={{ width: '100%', maxHeight: 300, borderRadius: theme.radius, background: '#000' }} />
              )}
              {isPhoto ? (
                <span role={face.state === 'refused' ? 'alert' : 'status'} data-testid="face-check" css={{ fontSize: 14, color: face.state === 'refused' ? theme.danger : theme.textMuted }}>
                  {face.state === 'checking' ? 'Looking for a face…' : face.state === 'ok' ? 'Face found.' : face.state === 'refused' ? face.message : ''}
                </span>
              ) : null}
            </div>
          ) : null}
        </div>
      }
      options={
        <div css={{ display: 'grid', gap: 12 }}>
          <ChoiceGroup
            label="Speech"
            value={source}
            onChange={setSource}
            choices={[
              { value: 'script', label: 'Type a script' },
              { value: 'audio', label: 'Upload audio' },
            ]}
          />
          {source === 'script' ? (
            <>
              <Field label="Script" hint={`${words(script)} / ${MAX_WORDS} words`}>
                {(id) => <textarea id={id} rows={4} value={script} onChange={(e) => setScript(e.target.value)} placeholder="What should they say?" css={{ ...inputCss, resize: 'vertical' }} />}
              </Field>
              {tooLong ? <p role="alert" css={{ margin: 0, color: theme.danger }}>{USER_TEXTS.PROMPT_TOO_LONG}</p> : null}
              <VoicePicker voice={voice} onChange={setVoice} />
            </>
          ) : (
            <UploadSlot label={tool.uploads[1].label} hint={tool.uploads[1].rule} limits={audioLimits} upload={track} />
          )}
        </div>
      }
    />
  );
}
