import { useState } from 'react';
import { USER_TEXTS, useShell } from 'shared-contracts';
import { messageOf } from '@studio/ui-kit/errors';
import { useUpload } from '../../uploads/hooks/use-upload';
import { checkImageFile } from '../../uploads/utils/upload-rules';

export type PromptHelper = 'polish' | 'image';

/**
 * Polish (POST /v1/ai/prompt/polish) and image to prompt (upload, then POST /v1/ai/prompt/img2prompt): each
 * asks a signed-out user to log in, writes the answer into the prompt and keeps the helper's note beside it.
 */
export function usePromptHelpers(value: string, onChange: (value: string) => void) {
  const shell = useShell();
  const [busy, setBusy] = useState<PromptHelper | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUpload('img2prompt');

  function needLogin(reason: string): boolean {
    if (shell.session.state.flags.isLogin) return false;
    shell.bus.emit('account:login-required', { reason });
    return true;
  }

  async function polish() {
    if (needLogin('prompt-polish')) return;
    if (!value.trim()) {
      setError('Write a prompt first, then polish it.');
      return;
    }
    setBusy('polish');
    setError(null);
    try {
      const answer = await shell.api.call('POST /v1/ai/prompt/polish', { body: { prompt: value } });
      onChange(answer.prompt);
      setNote(answer.note ?? null);
    } catch (failure) {
      setError(messageOf(failure, USER_TEXTS.PROMPT_FAILED));
    } finally {
      setBusy(null);
    }
  }

  async function imageToPrompt(file: File | undefined) {
    if (!file) return;
    if (needLogin('image-to-prompt')) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy('image');
    setError(null);
    try {
      const uploaded = await upload.start(file);
      if (!uploaded) return;
      const answer = await shell.api.call('POST /v1/ai/prompt/img2prompt', { body: { image: uploaded.oss_path } });
      if (!answer.prompt) throw new Error('empty prompt');
      onChange(answer.prompt);
      setNote(answer.note ?? null);
    } catch (failure) {
      console.warn('[remote-create] image to prompt failed', failure);
      setError(USER_TEXTS.PROMPT_FAILED);
    } finally {
      upload.reset();
      setBusy(null);
    }
  }

  return { busy, note, clearNote: () => setNote(null), error, uploadPercent: upload.state.phase === 'uploading' ? upload.state.percent : null, polish, imageToPrompt };
}
