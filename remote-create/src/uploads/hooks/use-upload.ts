import { useCallback, useEffect, useRef, useState } from 'react';
import { USER_TEXTS, useShell, type UploadResult } from 'shared-contracts';
import { isAborted, isStorageFull, messageOf } from '../../lib/errors';
import { uploadFile } from '@studio/ui-kit/upload-api';
import { useUploadQuestions } from './use-upload-questions';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'done'; result: UploadResult }
  | { phase: 'error'; message: string };

/**
 * Uploads one file for an algorithm: asks for the user agreement once, shows progress, answers the
 * server's refusal text, and opens 'Not enough space' when the cloud storage is full.
 */
export function useUpload(algorithm: string) {
  const shell = useShell();
  const questions = useUploadQuestions();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: Blob): Promise<UploadResult | null> => {
      if (!shell.session.state.flags.isLogin) {
        shell.bus.emit('account:login-required', { reason: 'upload' });
        return null;
      }
      if (!(await questions.userAgreement())) return null;
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ phase: 'uploading', percent: 0 });
      try {
        const result = await uploadFile(
          shell.api,
          algorithm,
          file,
          ({ loaded, total }) => {
            if (!own.signal.aborted) setState({ phase: 'uploading', percent: total > 0 ? (loaded / total) * 100 : 0 });
          },
          own.signal,
        );
        if (own.signal.aborted) return null;
        setState({ phase: 'done', result });
        return result;
      } catch (error) {
        if (isAborted(error) || own.signal.aborted) return null;
        if (isStorageFull(error)) {
          setState({ phase: 'error', message: USER_TEXTS.NOT_ENOUGH_SPACE });
          void questions.notEnoughSpace();
          return null;
        }
        setState({ phase: 'error', message: messageOf(error, USER_TEXTS.UPLOAD_FAILED) });
        return null;
      }
    },
    [algorithm, questions, shell],
  );

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }, []);

  const fail = useCallback((message: string) => setState({ phase: 'error', message }), []);

  return { state, start, reset, fail };
}
