import { useMemo, useState } from 'react';
import { useShell } from 'shared-contracts';
import { type AiTool } from 'shared-contracts/tools';
import { theme } from '@studio/ui-kit/theme';
import { useSnapshot } from 'valtio';
import { useToolTask } from '../workspace/hooks/use-tool-task';
import { useUploadInput } from '../workspace/hooks/use-upload-input';
import { UploadSlot } from '../workspace/components/upload-slot';
import { ChoiceGroup, PAID_ONLY } from './common';
import { BackgroundReplacer } from './background-replacer';
import { ExtenderOptions, expandFor, type Placement } from './extender-options';
import type { EditorText } from './tool-defs';
import { EditorWorkspace, InputBeside, useSpaceNotice } from './editor-workspace';

/** Image enhancer (x2/x4), background remover (transparent PNG, new background) and image extender. */
export function ImageToolEditor({ tool, text }: { tool: AiTool; text: EditorText }) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const paid = session.flags.isSubscribed;
  const space = useSpaceNotice();
  const limits = useMemo(() => tool.uploads[0].limit, [tool]);
  const upload = useUploadInput(tool.algorithm, useMemo(() => [limits], [limits]), space.show);
  const input = upload.input;
  const [scale, setScale] = useState(2);
  const [placement, setPlacement] = useState<Placement>({ ratio: '16:9', x: 0.5, y: 0.5 });
  const costQuery = input ? { file_path: input.ossPath } : null;
  const runner = useToolTask(tool.algorithm, tool.id, costQuery, space.show);

  function run() {
    if (!input) return;
    const data: Record<string, unknown> = { file_path: input.ossPath };
    if (tool.algorithm === 'image_enhancer') data.scale = scale;
    if (tool.algorithm === 'image_extender' && input.width && input.height) {
      data.ratio = placement.ratio;
      data.expand = expandFor(input.width, input.height, placement);
    }
    void runner.run({ data, name: input.name });
  }

  const result = runner.task?.status === 'success' ? runner.task.outputs[0] : undefined;
  return (
    <>
      <EditorWorkspace
        tool={tool}
        text={text}
        space={space}
        runner={runner}
        onAction={run}
        actionDisabled={!input}
        before={input ? { media: 'image', url: input.url } : null}
        transparentResult={tool.algorithm === 'bg_remover'}
        inputs={
          <InputBeside hasInput={Boolean(input)}>
            <UploadSlot label={tool.uploads[0].label} hint={tool.uploads[0].rule} limits={[limits]} upload={upload} takesPaste />
            {input && tool.algorithm !== 'image_extender' ? (
              <img src={input.url} alt="Your upload" css={{ width: '100%', maxHeight: 320, objectFit: 'contain', borderRadius: theme.radius, background: theme.bg }} />
            ) : null}
            {input && tool.algorithm === 'image_extender' && input.width && input.height ? (
              <ExtenderOptions url={input.url} width={input.width} height={input.height} placement={placement} onChange={setPlacement} />
            ) : null}
          </InputBeside>
        }
        options={
          tool.algorithm === 'image_enhancer' ? (
            <ChoiceGroup
              label="Upscale"
              value={scale}
              onChange={setScale}
              choices={[
                { value: 2, label: '2x' },
                { value: 4, label: '4x Ultra HD', locked: paid ? undefined : PAID_ONLY },
              ]}
            />
          ) : undefined
        }
      />
      {tool.algorithm === 'bg_remover' && result ? <BackgroundReplacer cutoutUrl={shell.api.url(result.url)} /> : null}
    </>
  );
}
