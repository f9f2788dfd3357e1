/** Webhooks: add an endpoint (its secret shown once), remove it, see its deliveries with their attempts. */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ShellApi, WebhookDelivery, WebhookEndpoint, WebhookEndpointCreated } from 'shared-contracts';
import { primaryButton } from '../../shared/components/styles';
import type { Palette } from '../../shared/lib/palette';
import { developerApi } from '../api/developer';
import { ShownOnce, errorText, field, small, when } from './parts';

function Deliveries({ shell, endpoint, palette }: { shell: ShellApi; endpoint: WebhookEndpoint; palette: Palette }) {
  const api = useMemo(() => developerApi(shell.api), [shell.api]);
  const [items, setItems] = useState<WebhookDelivery[] | null>(null);
  const load = useCallback(() => api.deliveries(endpoint.id).then(setItems, () => setItems([])), [api, endpoint.id]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <button type="button" css={{ ...small(palette), alignSelf: 'flex-start' }} onClick={() => void load()}>
        Refresh deliveries
      </button>
      <ul aria-label={`Deliveries to ${endpoint.url}`} css={{ listStyle: 'none', margin: 0, padding: 0, fontSize: 13 }}>
        {items?.length === 0 && <li css={{ color: palette.textMuted }}>No deliveries yet.</li>}
        {items?.map((delivery) => (
          <li key={delivery.id} data-testid="webhook-delivery" data-status={delivery.status} css={{ padding: '4px 0', borderBottom: `1px solid ${palette.border}` }}>
            <strong>{delivery.event}</strong> · task {delivery.task_id.slice(0, 8)} · <span>{delivery.status}</span> · {delivery.attempts.length} attempt
            {delivery.attempts.length === 1 ? '' : 's'}
            <ol css={{ margin: '2px 0 0', paddingLeft: 18, color: palette.textMuted }}>
              {delivery.attempts.map((attempt, index) => (
                <li key={index}>
                  {when(attempt.at)}: {attempt.status ? `HTTP ${attempt.status}` : 'no answer'}
                  {attempt.error ? ` — ${attempt.error}` : ''} ({attempt.duration_ms} ms)
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function WebhooksSection({ shell, palette }: { shell: ShellApi; palette: Palette }) {
  const api = useMemo(() => developerApi(shell.api), [shell.api]);
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[]>([]);
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState('');
  const urlId = useId();
  const load = useCallback(() => api.webhooks().then(setEndpoints, (e: unknown) => setError(errorText(e))), [api]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <section aria-labelledby={`${urlId}-h`} css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h3 id={`${urlId}-h`} css={{ margin: 0, fontSize: 16 }}>
        Webhooks
      </h3>
      <p css={{ margin: 0, color: palette.textMuted, fontSize: 13 }}>
        We POST task.succeeded, task.failed and task.cancelled to your https endpoint, signed in the Studio-Signature header, and retry failures with backoff.
      </p>
      {created && <ShownOnce label={`Signing secret of ${created.url}`} value={created.secret} palette={palette} onDone={() => setCreated(null)} />}
      <form
        css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
        onSubmit={(event) => {
          event.preventDefault();
          setError('');
          void api.addWebhook(url.trim()).then(
            async (made) => {
              setCreated(made);
              setUrl('');
              await load();
            },
            (e: unknown) => setError(errorText(e)),
          );
        }}
      >
        <div css={{ display: 'flex', flexDirection: 'column', gap: 4, flex: 1, minWidth: 220 }}>
          <label htmlFor={urlId} css={{ fontSize: 13 }}>
            Endpoint URL
          </label>
          <input id={urlId} type="url" placeholder="https://example.com/hooks/studio" value={url} onChange={(event) => setUrl(event.target.value)} css={field(palette)} />
        </div>
        <button type="submit" css={primaryButton(palette)} disabled={!url.trim()}>
          Add endpoint
        </button>
      </form>
      {error && (
        <p role="alert" css={{ margin: 0, color: palette.danger, fontSize: 13 }}>
          {error}
        </p>
      )}
      <ul aria-label="Your webhook endpoints" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {endpoints.length === 0 && <li css={{ color: palette.textMuted, fontSize: 13 }}>No endpoints yet.</li>}
        {endpoints.map((endpoint) => (
          <li key={endpoint.id} data-testid="webhook-endpoint" css={{ padding: '8px 4px', borderBottom: `1px solid ${palette.border}`, display: 'flex', flexDirection: 'column', gap: 6 }}>
            <div css={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
              <code css={{ overflowWrap: 'anywhere' }}>{endpoint.url}</code>
              <span css={{ display: 'flex', gap: 6 }}>
                <button type="button" css={small(palette)} aria-expanded={open === endpoint.id} onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}>
                  Deliveries
                </button>
                <button
                  type="button"
                  css={small(palette, true)}
                  aria-label={`Remove ${endpoint.url}`}
                  onClick={() => void api.removeWebhook(endpoint.id).then(() => load(), (e: unknown) => setError(errorText(e)))}
                >
                  Remove
                </button>
              </span>
            </div>
            {open === endpoint.id && <Deliveries shell={shell} endpoint={endpoint} palette={palette} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

