/**
 * One input of a tool: a picked, dropped or pasted file is checked against the tool's limits (format, size,
 * then resolution, aspect and length once decoded), uploaded with progress, and answered as a storage path;
 * a result picked from My Creations is used as it is stored (measured by the server when stored without).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { USER_TEXTS, useShell, type ApiClient, type TaskOutput } from 'shared-contracts';
import { type UploadLimit } from 'shared-contracts/upload-limits';
import { isAborted } from '@studio/ui-kit/errors';
import { useUploader } from '@studio/ui-kit/use-uploader';
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

/** The measurements the limits check: width and height of a picture or a video, the length of a video or a track. */
function measured(meta: MediaMeta, media: InputMedia): boolean {
  const sized = media === 'audio' || (Number(meta.width) > 0 && Number(meta.height) > 0);
  const timed = media === 'image' || Number(meta.duration) > 0;
  return sized && timed;
}

/** A creation's measurements: as stored with it, or the server's (its own reading of the file) where it has none. */
async function measureCreation(api: ApiClient, output: TaskOutput, signal: AbortSignal): Promise<MediaMeta> {
  const stored: MediaMeta = { width: output.width, height: output.height, duration: output.duration };
  if (measured(stored, output.media)) return stored;
  const info = await api.call('GET /v1/common/oss/mediainfo', { query: { oss_path: output.file_path } }, { signal }).catch((error: unknown) => {
    if (!isAborted(error)) console.warn('[tools] media info unavailable', error);
    return null;
  });
  return info ? { width: info.width || stored.width, height: info.height || stored.height, duration: info.duration || stored.duration } : stored;
}

/**
 * A picked file decoded and checked against its limit: a photo over the resolution limit is scaled to fit
 * (the note says so), then its measurements are checked; or why it is refused.
 */
async function measureFile(url: string, file: File, limit: UploadLimit): Promise<{ file: File; meta: MediaMeta; note?: string } | { refused: string }> {
  const meta = await readMediaMeta(url, limit.media).catch(() => null);
  if (!meta) return { refused: limit.media === 'image' ? USER_TEXTS.UNSUPPORTED_FORMAT : USER_TEXTS.FORMAT_UNSUPPORTED };
  const fitted = limit.media === 'image' ? await fitPhoto(url, file, meta, limit) : null;
  const measured = fitted ?? { file, meta };
  const bad = checkMeta(measured.meta, limit);
  return bad ? { refused: bad } : { file: measured.file, meta: measured.meta, note: fitted?.note };
}

export function useUploadInput(algorithm: string, limits: readonly UploadLimit[], onStorageFull?: () => void) {
  const shell = useShell();
  const uploader = useUploader(algorithm);
  const [state, setState] = useState<InputState>({ phase: 'idle' });
  /** a creation's measuring (an upload's own is the uploader's) */
  const controller = useRef<AbortController | null>(null);
  const objectUrl = useRef<string | null>(null);

  const release = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };
  /** stops what the last pick or choice started: its measuring, its upload, its object URL */
  const stop = useCallback(() => {
    controller.current?.abort();
    uploader.cancel();
    release();
  }, [uploader]);
  useEffect(
    // the uploader aborts its own upload when the page goes
    () => () => {
      controller.current?.abort();
      release();
    },
    [],
  );

  const pick = useCallback(
    async (file: File): Promise<ChosenInput | null> => {
      if (!uploader.signedIn()) return null;
      const refused = checkFile(file, limits);
      const limit = limitFor(file, limits);
      if (refused || !limit) {
        setState({ phase: 'error', message: refused ?? USER_TEXTS.UNSUPPORTED_FORMAT });
        return null;
      }
      stop();
      const url = URL.createObjectURL(file);
      objectUrl.current = url;
      const checked = await measureFile(url, file, limit);
      if ('refused' in checked) {
        setState({ phase: 'error', message: checked.refused });
        return null;
      }
      const { meta, note } = checked;
      file = checked.file;
      setState({ phase: 'uploading', percent: 0, url, media: limit.media, name: file.name });
      const outcome = await uploader.upload(file, (percent) => setState({ phase: 'uploading', percent: Math.round(percent), url, media: limit.media, name: file.name }));
      if (!outcome) return null;
      if (!outcome.ok) {
        if (outcome.storageFull) onStorageFull?.();
        setState({ phase: 'error', message: outcome.message });
        return null;
      }
      const { result } = outcome;
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
    },
    [limits, onStorageFull, uploader, stop],
  );

  /**
   * A result from My Creations: checked against the same limits, not uploaded again. A result stored without
   * its measurements is measured by the server (GET /v1/common/oss/mediainfo) rather than passed unchecked.
   */
  const chooseCreation = useCallback(
    async (output: TaskOutput): Promise<ChosenInput | null> => {
      const limit = limits.find((l) => l.media === output.media);
      stop();
      const own = new AbortController();
      controller.current = own;
      const meta = limit ? await measureCreation(shell.api, output, own.signal) : {};
      if (own.signal.aborted) return null;
      const bad = limit ? checkMeta(meta, limit) : USER_TEXTS.FORMAT_UNSUPPORTED;
      if (bad) {
        setState({ phase: 'error', message: bad });
        return null;
      }
      const name = output.file_path.split('/').pop() ?? 'creation';
      const input: ChosenInput = { ossPath: output.file_path, url: shell.api.url(output.url), media: output.media, name, ...meta };
      setState({ phase: 'done', input });
      return input;
    },
    [limits, shell, stop],
  );

  const reset = useCallback(() => {
    stop();
    setState({ phase: 'idle' });
  }, [stop]);

  return { state, pick, chooseCreation, reset, input: state.phase === 'done' ? state.input : null };
}
