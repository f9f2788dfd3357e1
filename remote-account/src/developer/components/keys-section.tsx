/** API keys: create (shown once, with Copy), list, daily cap, revoke after a confirmation. */
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { DEVELOPER_GUIDE_PATH, type ApiKeyCreated, type ApiKeyItem, type ShellApi } from 'shared-contracts';
import { Dialog } from '../../shared/components/dialog';
import { primaryButton, secondaryButton } from '../../shared/components/styles';
import type { Palette } from '../../shared/lib/palette';
import { developerApi } from '../api/developer';
import { ShownOnce, errorText, field, small, when } from './parts';

function capText(cap: number | null): string {
  return cap === null ? 'No cap' : `${cap} credits/day`;
}

function parseCap(raw: string): number | null | 'bad' {
  const text = raw.trim();
  if (!text) return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 ? value : 'bad';
}

function KeyRow({ item, palette, onRevoke, onCap }: { item: ApiKeyItem; palette: Palette; onRevoke(): void; onCap(cap: number | null): Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [cap, setCap] = useState(item.daily_cap === null ? '' : String(item.daily_cap));
  const capId = useId();
  const revoked = item.revoked_at > 0;
  return (
    <li data-testid="api-key-row" data-key-name={item.name} css={{ padding: '10px 4px', borderBottom: `1px solid ${palette.border}`, display: 'flex', flexDirection: 'column', gap: 4 }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'center' }}>
        <strong>{item.name}</strong>
        <code css={{ color: palette.textMuted }}>{item.prefix}…</code>
      </div>
      <span css={{ color: palette.textMuted, fontSize: 13 }}>
        Created {when(item.created_at)} · Last used {when(item.last_used_at)}
        {revoked ? ` · Revoked ${when(item.revoked_at)}` : ` · ${capText(item.daily_cap)} · ${item.spent_today} spent today`}
      </span>
      {!revoked && (
        <div css={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          {editing ? (
            <form
              css={{ display: 'flex', gap: 6, alignItems: 'center' }}
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                const parsed = parseCap(cap);
                if (parsed === 'bad') return;
                void onCap(parsed).then(() => setEditing(false));
              }}
            >
              <label htmlFor={capId} css={{ fontSize: 13 }}>
                Daily cap (credits, empty for none)
              </label>
              <input id={capId} inputMode="numeric" value={cap} onChange={(event) => setCap(event.target.value)} css={{ ...field(palette), width: 90 }} />
              <button type="submit" css={small(palette)}>
                Save
              </button>
            </form>
          ) : (
            <button type="button" css={small(palette)} onClick={() => setEditing(true)} aria-label={`Set the daily cap of ${item.name}`}>
              Daily cap
            </button>
          )}
          <button type="button" css={small(palette, true)} onClick={onRevoke} aria-label={`Revoke ${item.name}`}>
            Revoke
          </button>
        </div>
      )}
    </li>
  );
}

/** The confirmation before a key is revoked (a real dialog: focus kept inside, Escape cancels). */
function RevokeDialog({ target, palette, onCancel, onConfirm }: { target: ApiKeyItem | null; palette: Palette; onCancel(): void; onConfirm(target: ApiKeyItem): void }) {
  return (
    <Dialog
      open={target !== null}
      title={`Revoke "${target?.name ?? ''}"?`}
      onClose={onCancel}
      palette={palette}
      width={380}
      zIndex={2300}
      hideClose
      testId="revoke-key-dialog"
      footer={
        <div css={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <button type="button" css={secondaryButton(palette)} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" css={{ ...primaryButton(palette), background: palette.danger }} onClick={() => target && onConfirm(target)}>
            Revoke key
          </button>
        </div>
      }
    >
      <p css={{ margin: 0 }}>Every call made with this key will be refused from now on. This cannot be undone.</p>
    </Dialog>
  );
}

export function KeysSection({ shell, palette, onChanged }: { shell: ShellApi; palette: Palette; onChanged(): void }) {
  const api = useMemo(() => developerApi(shell.api), [shell.api]);
  const [keys, setKeys] = useState<ApiKeyItem[]>([]);
  const [name, setName] = useState('');
  const [cap, setCap] = useState('');
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [confirming, setConfirming] = useState<ApiKeyItem | null>(null);
  const [error, setError] = useState('');
  const nameId = useId();
  const capId = useId();
  const load = useCallback(() => api.keys().then(setKeys, (e: unknown) => setError(errorText(e))), [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCap(cap);
    if (!name.trim()) return setError('Name the key');
    if (parsed === 'bad') return setError('The daily cap is a whole number of credits');
    setError('');
    try {
      setCreated(await api.createKey(name.trim(), parsed));
      setName('');
      setCap('');
      await load();
      onChanged();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section aria-labelledby={`${nameId}-h`} css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h3 id={`${nameId}-h`} css={{ margin: 0, fontSize: 16 }}>
        API keys
      </h3>
      <p css={{ margin: 0, color: palette.textMuted, fontSize: 13 }}>
        A key acts as you on generation, task, upload and library calls, with your plan and credits; never on billing or account calls. Send it as{' '}
        <code>Authorization: Bearer &lt;key&gt;</code>. See <a href={DEVELOPER_GUIDE_PATH} css={{ color: palette.link }}>the developer guide</a>.
      </p>
      {created && <ShownOnce label={`Your new key "${created.name}"`} value={created.key} palette={palette} onDone={() => setCreated(null)} />}
      <form onSubmit={(event) => void create(event)} css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <div css={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <label htmlFor={nameId} css={{ fontSize: 13 }}>
            Key name
          </label>
          <input id={nameId} value={name} maxLength={60} onChange={(event) => setName(event.target.value)} css={field(palette)} />
        </div>
        <div css={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
          <label htmlFor={capId} css={{ fontSize: 13 }}>
            Daily credit cap (optional)
          </label>
          <input id={capId} inputMode="numeric" value={cap} onChange={(event) => setCap(event.target.value)} css={{ ...field(palette), width: 120 }} />
        </div>
        <button type="submit" css={primaryButton(palette)}>
          Create key
        </button>
      </form>
      {error && (
        <p role="alert" css={{ margin: 0, color: palette.danger, fontSize: 13 }}>
          {error}
        </p>
      )}
      <ul aria-label="Your API keys" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {keys.length === 0 && <li css={{ color: palette.textMuted, fontSize: 13 }}>No keys yet.</li>}
        {keys.map((item) => (
          <KeyRow
            key={item.id}
            item={item}
            palette={palette}
            onRevoke={() => setConfirming(item)}
            onCap={async (value) => {
              try {
                await api.setCap(item.id, value);
                await load();
              } catch (e) {
                setError(errorText(e));
              }
            }}
          />
        ))}
      </ul>
      <RevokeDialog
        target={confirming}
        palette={palette}
        onCancel={() => setConfirming(null)}
        onConfirm={(target) => {
          setConfirming(null);
          void api.revokeKey(target.id).then(
            () => load(),
            (e: unknown) => setError(errorText(e)),
          );
        }}
      />
    </section>
  );
}

