/**
 * One input of a tool: a picked, dropped or pasted file is checked against the tool's limits (format, size,
 * then resolution, aspect and length once decoded), uploaded with progress, and answered as a storage path;
 * a result picked from My Creations is used as it is stored.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { USER_TEXTS, useShell, type TaskOutput } from 'shared-contracts';
import { type UploadLimit } from 'shared-contracts/upload-limits';
import { isAborted, isStorageFull, messageOf } from '../../lib/errors';
import { uploadFile } from '@studio/ui-kit/upload-api';
import { readMediaMeta } from '../utils/read-media';
import { checkFile, checkMeta, limitFor, type InputMedia, type MediaMeta } from '../utils/validation';
import { fitPhoto } from '../utils/fit-image';

export interface ChosenInput {
  ossPath: string;
  /** a URL the page can show it from (an object URL of the file, or a signed link) */
  url: string;
  media: InputMedia;
  name: string;
  /** the picked file itself (read directly where a fetch of its object URL is not allowed) */
  file?: Blob;
  width?: number;
  height?: number;
  duration?: number;
  /** what was done to the file before it went up (a photo scaled to fit the limit) */
  note?: string;
}

export type InputState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number; url: string; media: InputMedia; name: string }
  | { phase: 'done'; input: ChosenInput }
  | { phase: 'error'; message: string };

export function useUploadInput(algorithm: string, limits: readonly UploadLimit[], onStorageFull?: () => void) {
  const shell = useShell();
  const [state, setState] = useState<InputState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const objectUrl = useRef<string | null>(null);

  const release = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  useEffect(
    () => () => {
      controller.current?.abort();
      release();
    },
    [],
  );

  const pick = useCallback(
    async (file: File): Promise<ChosenInput | null> => {
      if (!shell.session.state.flags.isLogin) {
        shell.bus.emit('account:login-required', { reason: 'upload' });
        return null;
      }
      const refused = checkFile(file, limits);
      const limit = limitFor(file, limits);
      if (refused || !limit) {
        setState({ phase: 'error', message: refused ?? USER_TEXTS.UNSUPPORTED_FORMAT });
        return null;
      }
      controller.current?.abort();
      release();
      const url = URL.createObjectURL(file);
      objectUrl.current = url;
      let meta: MediaMeta | null = await readMediaMeta(url, limit.media).catch(() => null);
      if (!meta) {
        setState({ phase: 'error', message: limit.media === 'image' ? USER_TEXTS.UNSUPPORTED_FORMAT : USER_TEXTS.FORMAT_UNSUPPORTED });
        return null;
      }
      // a photo over the resolution limit is scaled to fit here, and the upload area says so
      const fitted = limit.media === 'image' ? await fitPhoto(url, file, meta, limit) : null;
      const note = fitted?.note;
      if (fitted) ({ file, meta } = fitted);
      const bad = checkMeta(meta, limit);
      if (bad) {
        setState({ phase: 'error', message: bad });
        return null;
      }
      const own = new AbortController();
      controller.current = own;
      setState({ phase: 'uploading', percent: 0, url, media: limit.media, name: file.name });
      try {
        const result = await uploadFile(
          shell.api,
          algorithm,
          file,
          ({ loaded, total }) => {
            if (!own.signal.aborted) setState({ phase: 'uploading', percent: total > 0 ? Math.round((loaded / total) * 100) : 0, url, media: limit.media, name: file.name });
          },
          own.signal,
        );
        if (own.signal.aborted) return null;
        const input: ChosenInput = {
          ossPath: result.oss_path,
          url,
          media: result.media.media,
          name: file.name,
          file,
          width: result.media.width ?? meta.width,
          height: result.media.height ?? meta.height,
          duration: result.media.duration ?? meta.duration,
          note,
        };
        setState({ phase: 'done', input });
        return input;
      } catch (error) {
        if (isAborted(error) || own.signal.aborted) return null;
        if (isStorageFull(error)) onStorageFull?.();
        setState({ phase: 'error', message: messageOf(error, USER_TEXTS.UPLOAD_FAILED) });
        return null;
      }
    },
    [algorithm, limits, onStorageFull, shell],
  );

  /** A result from My Creations: checked against the same limits, not uploaded again. */
  const chooseCreation = useCallback(
    (output: TaskOutput): ChosenInput | null => {
      const limit = limits.find((l) => l.media === output.media);
      const bad = limit ? checkMeta({ width: output.width, height: output.height, duration: output.duration }, limit) : USER_TEXTS.FORMAT_UNSUPPORTED;
      if (bad) {
        setState({ phase: 'error', message: bad });
        return null;
      }
      controller.current?.abort();
      release();
      const input: ChosenInput = {
        ossPath: output.file_path,
        url: shell.api.url(output.url),
        media: output.media,
        name: output.file_path.split('/').pop() ?? 'creation',
        width: output.width,
        height: output.height,
        duration: output.duration,
      };
      setState({ phase: 'done', input });
      return input;
    },
    [limits, shell],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    release();
    setState({ phase: 'idle' });
  }, []);

  return { state, pick, chooseCreation, reset, input: state.phase === 'done' ? state.input : null };
}
