import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { USER_TEXTS, useShell } from 'shared-contracts';
import { type AiTool } from 'shared-contracts/tools';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';
import { messageOf } from '@studio/ui-kit/errors';
import type { MaskCanvasHandle } from '../mask/components/mask-canvas';
import { uploadFile } from '@studio/ui-kit/upload-api';
import { UploadSlot } from '../workspace/components/upload-slot';
import { useToolTask } from '../workspace/hooks/use-tool-task';
import { useUploadInput } from '../workspace/hooks/use-upload-input';
import { checkMaskTool } from '../workspace/utils/validation';
import { Field, inputCss } from './common';
import { detectTextRegions } from './text-regions';
import type { EditorText } from './tool-defs';
import { EditorWorkspace, useSpaceNotice } from './editor-workspace';

// konva loads only when a mask is drawn: the list and the other editors stay light
const MaskEditor = lazy(() => import('../mask/components/mask-editor'));

function useImage(url: string | undefined): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setImage(null);
    if (!url) return;
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = url;
  }, [url]);
  return image;
}

/** Object remover, AI replace (with a prompt) and the text and watermark remover: a picture and a drawn mask. */
export function MaskImageEditor({ tool, text }: { tool: AiTool; text: EditorText }) {
  const shell = useShell();
  const space = useSpaceNotice();
  const limits = useMemo(() => [tool.uploads[0].limit], [tool]);
  const upload = useUploadInput(tool.algorithm, limits, space.show);
  const input = upload.input;
  const image = useImage(input?.url);
  const editor = useRef<MaskCanvasHandle>(null);
  const [selected, setSelected] = useState(0);
  const [prompt, setPrompt] = useState('');
  const [detecting, setDetecting] = useState(false);
  const needsPrompt = tool.algorithm === 'partial_redrawing';
  const isText = tool.algorithm === 'text_watermark_remover';
  const runner = useToolTask(tool.algorithm, tool.id, input ? { file_path: input.ossPath } : null, space.show);
  const onSelected = useCallback((n: number) => setSelected(n), []);

  async function detect() {
    if (!input) return;
    setDetecting(true);
    try {
      const regions = await detectTextRegions(shell.api, input.ossPath);
      if (regions.length === 0) shell.toast.info('No text or watermark found: brush over it instead.');
      editor.current?.setRegions(regions);
    } catch (reason) {
      shell.toast.error(messageOf(reason));
    } finally {
      setDetecting(false);
    }
  }

  // the text remover starts from the regions it finds
  useEffect(() => {
    if (isText && input && image) void detect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isText, input?.ossPath, image]);

  function run() {
    if (!input) return;
    const problem = checkMaskTool({ selected: editor.current?.selected() ?? 0, needsPrompt, prompt });
    if (problem) {
      runner.setError(problem);
      return;
    }
    void runner.run({
      data: { file_path: input.ossPath, ...(needsPrompt ? { prompt: prompt.trim() } : {}) },
      name: input.name,
      prepare: async () => {
        const png = await editor.current?.toPng();
        if (!png) return null;
        const controller = new AbortController();
        const mask = await uploadFile(shell.api, tool.algorithm, png, () => undefined, controller.signal);
        return { mask_path: mask.oss_path };
      },
    });
  }

  return (
    <EditorWorkspace
      tool={tool}
      text={text}
      space={space}
      runner={runner}
      onAction={run}
      actionDisabled={!input || !image}
      before={input ? { media: 'image', url: input.url } : null}
      inputs={
        <>
          <UploadSlot label={tool.uploads[0].label} hint={tool.uploads[0].rule} limits={limits} upload={upload} takesPaste />
          {image ? <Suspense fallback={<p>Loading the editor…</p>}><MaskEditor ref={editor} image={image} tools={['brush', 'eraser', 'wand', 'polygon', 'smart']} onSelectedChange={onSelected} /></Suspense> : null}
          {image && isText ? (
            <Button variant="secondary" onClick={() => void detect()} disabled={detecting} css={{ alignSelf: 'flex-start' }}>
              {detecting ? 'Finding text…' : 'Find text and watermarks again'}
            </Button>
          ) : null}
          {image && selected === 0 ? <span css={{ fontSize: 13, color: theme.textMuted }}>{USER_TEXTS.SELECT_AREA}</span> : null}
        </>
      }
      options={
        needsPrompt ? (
          <Field label="What it should become" hint="Within 50 words.">
            {(id) => <textarea id={id} rows={3} value={prompt} maxLength={600} placeholder="e.g. red leather, blue stripes" onChange={(e) => setPrompt(e.target.value)} css={{ ...inputCss, resize: 'vertical' }} />}
          </Field>
        ) : undefined
      }
    />
  );
}
