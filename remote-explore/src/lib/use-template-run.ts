import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { moduleRoute, routePath, templateExtra, USER_TEXTS, useShell, type Template } from 'shared-contracts';
import { messageOf } from '@studio/ui-kit/errors';
import { uploadFile } from '@studio/ui-kit/upload-api';
import { requireLogin } from './session';

/** Where a template's result shows: its creation screen, whose Generate List lists it. */
function resultScreen(template: Template): string {
  const route = moduleRoute(template.info.module);
  return route ? routePath(route, route === 'EffectCreate' ? { semantic: templateExtra(template)?.semantic } : {}) : routePath('Home');
}

/**
 * A template's run, without its markup: the values of its inputs (a photo uploads when picked), the cost
 * a signed-in user is told, and the run itself (POST /v1/workflow/direct, then on to the Generate List).
 */
export function useTemplateRun(template: Template, onClose: () => void) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const inputs = templateExtra(template)?.inputs ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<string | null>(null);
  const [cost, setCost] = useState<{ cost: number; basis: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = inputs.every((input) => !input.required || (values[input.field] ?? '').trim()) && uploading === null;

  useEffect(() => {
    if (!session.flags.isLogin) return;
    const query = Object.fromEntries(template.info.request.fields.map((f) => [f.field, String(f.val)]));
    shell.api
      .call('GET /v1/ai/cost/{algorithm}', { params: { algorithm: template.info.algorithm }, query })
      .then((answer) => setCost({ cost: answer.cost, basis: answer.basis }))
      .catch(() => setCost(null));
  }, [shell, template, session.flags.isLogin]);

  async function upload(field: string, file: File | undefined) {
    if (!file || !requireLogin(shell, 'template-upload')) return;
    setUploading(field);
    setError(null);
    try {
      const stored = await uploadFile(shell.api, template.info.algorithm, file);
      setValues((v) => ({ ...v, [field]: stored.oss_path }));
      setPreviews((p) => ({ ...p, [field]: URL.createObjectURL(file) }));
    } catch (failure) {
      setError(messageOf(failure, USER_TEXTS.UPLOAD_FAILED));
    } finally {
      setUploading(null);
    }
  }

  async function run() {
    if (!requireLogin(shell, 'template-run') || !ready) return;
    setBusy(true);
    setError(null);
    try {
      const task = await shell.api.call('POST /v1/workflow/direct', {
        body: { tpl_id: template.tpl_id, data: values, ...(cost ? { expected_cost: cost.cost } : {}) },
      });
      if (typeof task.balance === 'number') shell.bus.emit('credits:changed', { credits: task.balance });
      shell.toast.success(`${template.name} is on its way. It appears in the Generate List.`);
      onClose();
      shell.navigate(resultScreen(template));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const setText = (field: string, text: string) => setValues((v) => ({ ...v, [field]: text }));
  return { inputs, values, previews, uploading, cost, busy, error, ready, signedIn: session.flags.isLogin, upload, setText, run };
}
