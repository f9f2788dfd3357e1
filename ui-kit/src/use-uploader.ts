/**
 * One file going up for an algorithm, the same in every remote: a visitor is asked to sign in first, a new
 * upload aborts the one before it (and leaving the page aborts the last), progress comes as a percent, and a
 * refusal comes back as the text to show (the server's, or 'Upload failed') with whether the storage is full.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { USER_TEXTS, useShell, type UploadResult } from 'shared-contracts';
import { isAborted, isStorageFull, messageOf } from './errors';
import { uploadFile } from './upload-api';

/** how an upload ended; null when it was aborted (a newer one, or the page left) */
export type UploadOutcome = { ok: true; result: UploadResult } | { ok: false; message: string; storageFull: boolean } | null;

export function useUploader(algorithm: string) {
  const shell = useShell();
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  /** true when signed in; otherwise the account remote is asked for the login and it answers false */
  const signedIn = useCallback((): boolean => {
    if (shell.session.state.flags.isLogin) return true;
    shell.bus.emit('account:login-required', { reason: 'upload' });
    return false;
  }, [shell]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const upload = useCallback(
    async (file: Blob, onPercent: (percent: number) => void): Promise<UploadOutcome> => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      try {
        const result = await uploadFile(
          shell.api,
          algorithm,
          file,
          ({ loaded, total }) => {
            if (!own.signal.aborted) onPercent(total > 0 ? (loaded / total) * 100 : 0);
          },
          own.signal,
        );
        return own.signal.aborted ? null : { ok: true, result };
      } catch (error) {
        if (isAborted(error) || own.signal.aborted) return null;
        return { ok: false, message: messageOf(error, USER_TEXTS.UPLOAD_FAILED), storageFull: isStorageFull(error) };
      }
    },
    [algorithm, shell],
  );

  return useMemo(() => ({ signedIn, upload, cancel }), [signedIn, upload, cancel]);
}
