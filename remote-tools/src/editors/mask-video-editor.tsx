import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { USER_TEXTS, useShell } from 'shared-contracts';
import { type AiTool } from 'shared-contracts/tools';
import { theme } from '@studio/ui-kit/theme';
import type { MaskCanvasHandle } from '../mask/components/mask-canvas';
import { uploadFile } from '@studio/ui-kit/upload-api';
import { UploadSlot } from '../workspace/components/upload-slot';
import { useToolTask } from '../workspace/hooks/use-tool-task';
import { useUploadInput } from '../workspace/hooks/use-upload-input';
import { checkMaskTool } from '../workspace/utils/validation';
import { Field } from './common';
import type { EditorText } from './tool-defs';
import { grabFrame } from './video-frame';
import { Marks, type Mark } from './video-marks';
import { EditorWorkspace, LONG_WAIT, useSpaceNotice } from './editor-workspace';

// konva loads only when a mask is drawn: the list and the other editors stay light
const MaskEditor = lazy(() => import('../mask/components/mask-editor'));

/**
 * The video eraser and the video object remover: the mask is drawn on a frame the user chooses (brush, eraser,
 * magic wand, polygon, smart brush) and the engine carries it through the whole clip.
 */
export function MaskVideoEditor({ tool, text }: { tool: AiTool; text: EditorText }) {
  const shell = useShell();
  const space = useSpaceNotice();
  const limits = useMemo(() => [tool.uploads[0].limit], [tool]);
  const upload = useUploadInput(tool.algorithm, limits, space.show);
  const input = upload.input;
  const [at, setAt] = useState(0);
  const [frame, setFrame] = useState<HTMLCanvasElement | null>(null);
  const [marks, setMarks] = useState<Mark[]>([]);
  const editor = useRef<MaskCanvasHandle>(null);
  const runner = useToolTask(tool.algorithm, tool.id, input ? { file_path: input.ossPath } : null, space.show);
  const onSelected = useCallback(() => undefined, []);
  const duration = input?.duration ?? 0;

  // a new clip starts with no frame; another moment of the same clip keeps the editor (and its selection)
  useEffect(() => {
    setFrame(null);
    setMarks([]);
  }, [input]);
  useEffect(() => {
    if (!input) return;
    let live = true;
    const timer = window.setTimeout(() => {
      grabFrame(input.url, at)
        .then((canvas) => live && setFrame(canvas))
        .catch(() => live && shell.toast.error('Playback Failed'));
    }, 150);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [input, at, shell]);

  function mark() {
    const box = editor.current?.bounds();
    if (!box) {
      runner.setError(USER_TEXTS.SELECT_AREA);
      return;
    }
    runner.setError(null);
    setMarks((list) => [...list.filter((m) => Math.abs(m.t - at) > 0.05), { ...box, t: at }].sort((a, b) => a.t - b.t));
  }

  function run() {
    if (!input) return;
    if (marks.length >= 2) {
      // a moving object: the engine follows its box between the marked frames
      void runner.run({ data: { file_path: input.ossPath, regions: marks }, name: input.name });
      return;
    }
    const problem = checkMaskTool({ selected: editor.current?.selected() ?? 0, needsPrompt: false, prompt: '' });
    if (problem) {
      runner.setError(problem);
      return;
    }
    void runner.run({
      data: { file_path: input.ossPath },
      name: input.name,
      prepare: async () => {
        const png = await editor.current?.toPng();
        if (!png) return null;
        const mask = await uploadFile(shell.api, tool.algorithm, png, () => undefined, new AbortController().signal);
        return { mask_path: mask.oss_path };
      },
    });
  }

  return (
    <EditorWorkspace
      tool={tool}
      text={text}
      space={space}
      notes={text.notes ?? ['Processing takes 1 to 3 minutes.']}
      runner={runner}
      onAction={run}
      actionDisabled={!input || !frame}
      before={input ? { media: 'video', url: input.url } : null}
      longWait={LONG_WAIT}
      inputs={
        <>
          <UploadSlot label={tool.uploads[0].label} hint={tool.uploads[0].rule} limits={limits} upload={upload} takesPaste />
          {input && duration > 0 ? (
            <Field label="Frame to draw on" hint={`${at.toFixed(1)} s of ${duration.toFixed(1)} s: the mask is carried through the whole clip.`}>
              {(id) => <input id={id} type="range" min={0} max={Math.max(0, duration - 0.1)} step={0.1} value={at} onChange={(e) => setAt(Number(e.target.value))} />}
            </Field>
          ) : null}
          {frame ? <Marks marks={marks} onMark={mark} onRemove={(t) => setMarks((list) => list.filter((m) => m.t !== t))} /> : null}
          {frame ? <Suspense fallback={<p>Loading the editor…</p>}><MaskEditor ref={editor} image={frame} tools={['brush', 'eraser', 'wand', 'polygon', 'smart']} onSelectedChange={onSelected} /></Suspense> : input ? <p css={{ color: theme.textMuted }}>Reading the frame…</p> : null}
        </>
      }
    />
  );
}
