/**
 * Pressing Generate: sign-in first (account:login-required), the form's rules, the credits (too few opens
 * the purchase dialog and says so in a toast), the watermark agreement of Free accounts, the
 * sensitive-content checks of every input, then the create call; the new task goes into the Generate List
 * and the balance after its hold goes to the header (credits:changed).
 */
import { useCallback, useRef, useState } from 'react';
import { USER_TEXTS, useShell, type CreateMode, type TaskCostResponse } from 'shared-contracts';
import { answerCreateFailure, refuseOverBalance } from '@studio/ui-kit/create-failure';
import type { GenerateListApi } from '../../tasks/hooks/use-generate-list';
import { useUploadQuestions } from '../../uploads/hooks/use-upload-questions';
import { sensitiveChecks } from '../api/sensitive';
import { buildCreate, mediaToCheck, textsToCheck, validateForm, type CreateForm } from '../utils/form';

export type GeneratePhase = 'idle' | 'checking' | 'creating';

export interface GenerateDeps {
  mode: CreateMode;
  form: CreateForm;
  list: Pick<GenerateListApi, 'addTask'>;
  /** fetches the cost afresh (the shown one may be for other parameters) */
  refreshCost(): Promise<TaskCostResponse | null | undefined>;
  /** the explore item or template the form was filled from ('Make the same', 'Go create'); the task records it */
  origin?: { exploreId?: number; tplId?: number };
}

export function useGenerate({ mode, form, list, refreshCost, origin }: GenerateDeps) {
  const shell = useShell();
  const questions = useUploadQuestions();
  const [phase, setPhase] = useState<GeneratePhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);
  /** ms from pressing Generate to the task in the list (the last create) */
  const [lastLatencyMs, setLastLatencyMs] = useState<number | null>(null);
  /** tasks created from this screen */
  const [createdCount, setCreatedCount] = useState(0);

  const generate = useCallback(async () => {
    if (busy.current) return;
    const pressedAt = performance.now();
    const { flags, user } = shell.session.state;
    if (!flags.isLogin || !user) {
      shell.bus.emit('account:login-required', { reason: 'generate' });
      return;
    }
    const problem = validateForm(mode, form);
    setError(problem);
    if (problem) return;
    busy.current = true;
    const own = new AbortController();
    controller.current = own;
    try {
      const built = buildCreate(mode, form);
      const call = origin?.exploreId || origin?.tplId ? { ...built, userData: { ...built.userData, ...origin } } : built;
      const fresh = await refreshCost().catch(() => null);
      const cost = fresh?.cost ?? null;
      if (refuseOverBalance(shell, cost)) return;
      if (flags.isFree && mode !== 'text-to-music' && !(await questions.watermarkAgreement(user.uid))) return;
      // no credit prompt here: 'Use {n} credits to unlock the full audio' is for unlocking a locked preview, and
      // a track is made whole for the cost the button shows (nothing is locked)
      setPhase('checking');
      const refused = await sensitiveChecks(
        shell.api,
        {
          text: textsToCheck(mode, form),
          images: mediaToCheck(form).filter((item) => item.media === 'image').map((item) => item.ossPath),
          videos: mediaToCheck(form).filter((item) => item.media === 'video').map((item) => item.ossPath),
        },
        own.signal,
      );
      if (refused) {
        setError(refused);
        return;
      }
      setPhase('creating');
      const task = await shell.api.call(
        'POST /v1/ai/create/{algorithm}',
        { params: { algorithm: call.algorithm }, body: { data: call.data, user_data: call.userData, ...(cost !== null ? { expected_cost: cost } : {}) } },
        { signal: own.signal },
      );
      list.addTask(task);
      setLastLatencyMs(Math.round(performance.now() - pressedAt));
      setCreatedCount((count) => count + 1);
      shell.track('generate_created', { algorithm: call.algorithm, cost: task.cost });
    } catch (reason) {
      const failure = answerCreateFailure(shell, reason, {
        fallback: USER_TEXTS.GENERATION_FAILED_LATER,
        onStorageFull: () => void questions.notEnoughSpace(),
        onCostChanged: () => void refreshCost(),
      });
      if (failure) setError(failure.message);
      if (failure && !failure.costChanged) shell.toast.error(failure.message);
    } finally {
      busy.current = false;
      controller.current = null;
      setPhase('idle');
    }
  }, [questions, form, list, mode, refreshCost, shell, origin]);

  const clearError = useCallback(() => setError(null), []);

  return { generate, phase, error, clearError, lastLatencyMs, createdCount };
}
