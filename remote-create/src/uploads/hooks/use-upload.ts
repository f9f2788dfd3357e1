import { useCallback, useState } from 'react';
import { USER_TEXTS, type UploadResult } from 'shared-contracts';
import { useUploader } from '@studio/ui-kit/use-uploader';
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
  const questions = useUploadQuestions();
  const uploader = useUploader(algorithm);
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  const start = useCallback(
    async (file: Blob): Promise<UploadResult | null> => {
      if (!uploader.signedIn()) return null;
      if (!(await questions.userAgreement())) return null;
      setState({ phase: 'uploading', percent: 0 });
      const outcome = await uploader.upload(file, (percent) => setState({ phase: 'uploading', percent }));
      if (!outcome) return null;
      if (outcome.ok) {
        setState({ phase: 'done', result: outcome.result });
        return outcome.result;
      }
      setState({ phase: 'error', message: outcome.storageFull ? USER_TEXTS.NOT_ENOUGH_SPACE : outcome.message });
      if (outcome.storageFull) void questions.notEnoughSpace();
      return null;
    },
    [questions, uploader],
  );

  const reset = useCallback(() => {
    uploader.cancel();
    setState({ phase: 'idle' });
  }, [uploader]);

  const fail = useCallback((message: string) => setState({ phase: 'error', message }), []);

  return { state, start, reset, fail };
}
