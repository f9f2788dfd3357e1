import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { moduleRoute, routePath, templateExtra, USER_TEXTS, useShell, type Template } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '@studio/ui-kit/dialog';
import { theme } from '@studio/ui-kit/theme';
import { messageOf } from '@studio/ui-kit/errors';
import { uploadFile } from '@studio/ui-kit/upload-api';
import { mediaUrl, requireLogin } from './session';

/** Where a template's result shows: its creation screen, whose Generate List lists it. */
function resultScreen(template: Template): string {
  const route = moduleRoute(template.info.module);
  return route ? routePath(route, route === 'EffectCreate' ? { semantic: templateExtra(template)?.semantic } : {}) : routePath('Home');
}

/** Runs a template: the user's photo or words, the cost, then POST /v1/workflow/direct and on to the Generate List. */
export function TemplateRunDialog({ template, onClose }: { template: Template; onClose(): void }) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const extra = templateExtra(template);
  const inputs = extra?.inputs ?? [];
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

  return (
    <Dialog
      title={template.name}
      onClose={onClose}
      width={640}
      phoneFullScreen
      testId="template-run-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" onClick={run} disabled={!ready || busy}>
            {busy ? 'Starting…' : cost ? `Generate · ${cost.cost} ${cost.cost === 1 ? 'credit' : 'credits'}` : 'Generate'}
          </Button>
        </>
      }
    >
      <div css={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {/\.mp4/.test(template.preview_url) ? (
          <video src={mediaUrl(shell, template.preview_url)} poster={mediaUrl(shell, template.thumbnail)} autoPlay muted loop playsInline css={{ width: 200, borderRadius: 10 }} aria-label={`${template.name} preview`} />
        ) : (
          <img src={mediaUrl(shell, template.preview_url)} alt={`${template.name} example`} css={{ width: 200, borderRadius: 10 }} />
        )}
        <div css={{ flex: '1 1 220px', display: 'flex', flexDirection: 'column', gap: 12 }}>
          {template.description ? <p css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>{template.description}</p> : null}
          {inputs.map((input) =>
            input.kind === 'image' ? (
              <label key={input.field} css={{ display: 'flex', flexDirection: 'column', gap: 6, fontSize: 14 }}>
                {input.label}
                <input type="file" accept="image/jpeg,image/png,image/webp" onChange={(event) => void upload(input.field, event.target.files?.[0])} />
                {uploading === input.field ? <span css={{ fontSize: 12 }}>Uploading…</span> : null}
                {previews[input.field] ? <img src={previews[input.field]} alt="Your upload" css={{ width: 120, borderRadius: 8 }} /> : null}
              </label>
            ) : (
              <label key={input.field} css={{ display: 'flex', flexDirection: 'column', gap: 6, fontSize: 14 }}>
                {input.label}
                <textarea
                  rows={3}
                  maxLength={1000}
                  value={values[input.field] ?? ''}
                  onChange={(event) => setValues((v) => ({ ...v, [input.field]: event.target.value }))}
                  css={{ font: 'inherit', padding: 8, borderRadius: 8, border: `1px solid ${theme.border}`, background: theme.bg, color: theme.text }}
                />
              </label>
            ),
          )}
          {cost ? <p css={{ margin: 0, fontSize: 12, color: theme.textMuted }}>{cost.basis}</p> : null}
          {!session.flags.isLogin ? <p css={{ margin: 0, fontSize: 13 }}>Sign in to use templates.</p> : null}
          {error ? (
            <p role="alert" css={{ margin: 0, color: theme.danger, fontSize: 13 }}>
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
