import { useEffect, useState } from 'react';
import { USER_TEXTS, useShell } from 'shared-contracts';
import { messageOf } from '@studio/ui-kit/errors';
import { createTask, taskResult } from '../workspace/api/tools-api';

export type FaceCheck = { state: 'idle' | 'checking' | 'ok' } | { state: 'refused'; message: string };

/**
 * Checks an uploaded photo for a face before a talking tool may run, through the spec's face key points call
 * (POST /v1/ai/create/image_fkp, then GET /v1/ai/result/image_fkp/{id}; free, on the face detector): no face
 * answers 'Please upload images with face'.
 */
export function useFaceCheck(ossPath: string | null): FaceCheck {
  const shell = useShell();
  const [check, setCheck] = useState<FaceCheck>({ state: 'idle' });

  useEffect(() => {
    if (!ossPath) {
      setCheck({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setCheck({ state: 'checking' });
    void (async () => {
      try {
        let task = await createTask(shell.api, 'image_fkp', { file_path: ossPath }, { module: 'image_fkp' }, null, controller.signal);
        while (task.status === 'queued' || task.status === 'generating') {
          await new Promise((r) => window.setTimeout(r, 800));
          if (controller.signal.aborted) return;
          task = await taskResult(shell.api, task, controller.signal);
        }
        if (controller.signal.aborted) return;
        const faces = task.result_data?.kind === 'faces' ? task.result_data.faces.length : 0;
        if (task.status === 'success' && faces > 0) setCheck({ state: 'ok' });
        else setCheck({ state: 'refused', message: task.reason ?? USER_TEXTS.NO_FACE });
      } catch (reason) {
        if (!controller.signal.aborted) setCheck({ state: 'refused', message: messageOf(reason, USER_TEXTS.NO_FACE) });
      }
    })();
    return () => controller.abort();
  }, [ossPath, shell]);

  return check;
}
