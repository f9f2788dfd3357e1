import { useMemo, useState } from 'react';
import { useShell } from 'shared-contracts';
import { type AiTool } from 'shared-contracts/tools';
import { theme } from '@studio/ui-kit/theme';
import { useSnapshot } from 'valtio';
import { UploadSlot } from '../workspace/components/upload-slot';
import { useToolTask } from '../workspace/hooks/use-tool-task';
import { useUploadInput } from '../workspace/hooks/use-upload-input';
import { ChoiceGroup, PAID_ONLY } from './common';
import type { EditorText } from './tool-defs';
import { EditorWorkspace, InputBeside, LONG_WAIT, useSpaceNotice } from './editor-workspace';

/** Video enhancer (upscale, ultra HD and frame interpolation for paid plans) and video denoise. */
export function VideoToolEditor({ tool, text }: { tool: AiTool; text: EditorText }) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const paid = session.flags.isSubscribed;
  const space = useSpaceNotice();
  const limits = useMemo(() => [tool.uploads[0].limit], [tool]);
  const upload = useUploadInput(tool.algorithm, limits, space.show);
  const input = upload.input;
  const runner = useToolTask(tool.algorithm, tool.id, input ? { file_path: input.ossPath } : null, space.show);
  const isEnhancer = tool.algorithm === 'video_enhancer';
  const [target, setTarget] = useState<'2x' | '1080' | '2160'>('2x');
  const [fps, setFps] = useState(0);
  const [strength, setStrength] = useState<'low' | 'medium' | 'high'>('medium');

  function run() {
    if (!input) return;
    const data: Record<string, unknown> = { file_path: input.ossPath };
    if (isEnhancer) {
      data.scale = 2;
      data.max_height = target === '2160' ? 2160 : 1080;
      if (fps) data.interpolate_fps = fps;
    } else {
      data.strength = strength;
    }
    void runner.run({ data, name: input.name });
  }

  return (
    <EditorWorkspace
      tool={tool}
      text={text}
      space={space}
      runner={runner}
      onAction={run}
      actionDisabled={!input}
      before={input ? { media: 'video', url: input.url } : null}
      longWait={LONG_WAIT}
      inputs={
        <InputBeside hasInput={Boolean(input)}>
          <UploadSlot label={tool.uploads[0].label} hint={tool.uploads[0].rule} limits={limits} upload={upload} takesPaste />
          {input ? (
            <div>
              <video src={input.url} controls muted playsInline aria-label="Your video" css={{ width: '100%', maxHeight: 320, borderRadius: theme.radius, background: '#000' }} />
              <span css={{ fontSize: 13, color: theme.textMuted }}>
                {input.width}×{input.height}, {input.duration?.toFixed(1)} s
              </span>
            </div>
          ) : null}
        </InputBeside>
      }
      options={
        isEnhancer ? (
          <div css={{ display: 'grid', gap: 12 }}>
            <ChoiceGroup
              label="Resolution"
              value={target}
              onChange={setTarget}
              choices={[
                { value: '2x', label: 'Upscale 2x (up to 1080p)' },
                { value: '2160', label: 'Ultra HD (up to 4K)', locked: paid ? undefined : PAID_ONLY },
              ]}
            />
            <ChoiceGroup
              label="Frame interpolation"
              value={fps}
              onChange={setFps}
              choices={[
                { value: 0, label: 'Off' },
                { value: 60, label: 'Smooth 60 fps', locked: paid ? undefined : PAID_ONLY },
              ]}
            />
          </div>
        ) : (
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
        )
      }
    />
  );
}
