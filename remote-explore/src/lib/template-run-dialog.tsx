import { useShell, type Template } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '@studio/ui-kit/dialog';
import { theme } from '@studio/ui-kit/theme';
import { mediaUrl } from './session';
import { useTemplateRun } from './use-template-run';

/** Runs a template: the user's photo or words, the cost, then POST /v1/workflow/direct and on to the Generate List. */
export function TemplateRunDialog({ template, onClose }: { template: Template; onClose(): void }) {
  const shell = useShell();
  const { inputs, values, previews, uploading, cost, busy, error, ready, signedIn, upload, setText, run } = useTemplateRun(template, onClose);

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
                  onChange={(event) => setText(input.field, event.target.value)}
                  css={{ font: 'inherit', padding: 8, borderRadius: 8, border: `1px solid ${theme.border}`, background: theme.bg, color: theme.text }}
                />
              </label>
            ),
          )}
          {cost ? <p css={{ margin: 0, fontSize: 12, color: theme.textMuted }}>{cost.basis}</p> : null}
          {!signedIn ? <p css={{ margin: 0, fontSize: 13 }}>Sign in to use templates.</p> : null}
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
