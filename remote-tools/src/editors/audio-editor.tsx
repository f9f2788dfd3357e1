import { lazy, Suspense, useMemo, useState } from 'react';
import { type AiTool } from 'shared-contracts/tools';
import { videoLimitFor } from 'shared-contracts/upload-limits';
import { theme } from '@studio/ui-kit/theme';
import { UploadSlot } from '../workspace/components/upload-slot';
import { useToolTask } from '../workspace/hooks/use-tool-task';
import { useUploadInput } from '../workspace/hooks/use-upload-input';
import { AudioChoiceDialog } from './audio-choice-dialog';
import { ChoiceGroup } from './common';
import type { EditorText } from './tool-defs';
import { EditorWorkspace, useSpaceNotice } from './editor-workspace';

// wavesurfer.js loads only on the audio screens
const Waveform = lazy(() => import('../workspace/components/waveform'));

type Mode = 'audio_noise_reduction' | 'audio_vocal_removal';

/**
 * Audio tools: noise reduction or vocal removal of a track (or a video's soundtrack) within 60 minutes,
 * waveforms of input and result, the plan's included minutes in the cost line.
 */
export function AudioEditor({ tool, text }: { tool: AiTool; text: EditorText }) {
  const [mode, setMode] = useState<Mode>('audio_noise_reduction');
  const space = useSpaceNotice();
  const [many, setMany] = useState<File[] | null>(null);
  const [strength, setStrength] = useState<'low' | 'medium' | 'high'>('medium');
  const limits = useMemo(() => [tool.uploads[0].limit, videoLimitFor(tool.algorithm)], [tool]);
  const upload = useUploadInput(mode, limits, space.show);
  const input = upload.input;
  const runner = useToolTask(mode, tool.id, input ? { file_path: input.ossPath } : null, space.show);

  function run() {
    if (!input) return;
    void runner.run({ data: { file_path: input.ossPath, ...(mode === 'audio_noise_reduction' ? { strength } : {}) }, name: input.name });
  }

  return (
    <>
      <EditorWorkspace
        tool={tool}
        text={text}
        space={space}
        runner={runner}
        actionLabel={mode === 'audio_noise_reduction' ? 'Reduce noise' : 'Remove vocals'}
        onAction={run}
        actionDisabled={!input}
        before={input ? { media: 'audio', url: input.url, blob: input.file } : null}
        inputs={
          <>
            <ChoiceGroup
              label="Tool"
              value={mode}
              onChange={(m) => {
                setMode(m);
                runner.clear();
              }}
              choices={[
                { value: 'audio_noise_reduction', label: 'Noise reduction' },
                { value: 'audio_vocal_removal', label: 'Vocal removal' },
              ]}
            />
            <UploadSlot label={tool.uploads[0].label} hint={tool.uploads[0].rule} limits={limits} upload={upload} takesPaste onMany={setMany} />
            {input ? (
              <Suspense fallback={null}>
                <Waveform url={input.url} blob={input.file} label={`Input: ${input.name}`} />
              </Suspense>
            ) : null}
            {mode === 'audio_vocal_removal' ? <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>Vocal removal needs a stereo track (vocals mixed in the centre).</p> : null}
          </>
        }
        options={
          mode === 'audio_noise_reduction' ? (
            <ChoiceGroup
              label="Strength"
              value={strength}
              onChange={setStrength}
              choices={[
                { value: 'low', label: 'Low' },
                { value: 'medium', label: 'Medium' },
                { value: 'high', label: 'High' },
              ]}
            />
          ) : undefined
        }
      />
      {many ? (
        <AudioChoiceDialog
          files={many}
          onCancel={() => setMany(null)}
          onPick={(file) => {
            setMany(null);
            void upload.pick(file);
          }}
        />
      ) : null}
    </>
  );
}
