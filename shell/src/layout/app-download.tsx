/**
 * Android and iOS download entries from GET /v1/common/system_config, code `app` (JSON with android and
 * ios, each {status, download_code (QR image URL), download_link}); an entry shows only when its status is
 * 1. A value that does not parse is logged and skipped; a missing `app` entry logs 'no app download config'.
 */
import { useEffect, useId, useState } from 'react';
import { useShell, type ApiClient, type AppDownloadConfig, type AppDownloadEntry } from 'shared-contracts';
import { MenuIcon } from './menu-icons';

export interface DownloadEntry {
  platform: 'android' | 'ios';
  label: string;
  qr: string;
  link: string;
}

export function parseAppConfig(entries: { code: string; value: string }[]): DownloadEntry[] {
  const app = entries.find((entry) => entry.code === 'app');
  if (!app) {
    console.info('no app download config');
    return [];
  }
  let parsed: Partial<AppDownloadConfig>;
  try {
    parsed = JSON.parse(app.value) as Partial<AppDownloadConfig>;
  } catch (error) {
    console.error('[shell] app download config is not valid JSON; skipped', error);
    return [];
  }
  const result: DownloadEntry[] = [];
  const add = (platform: 'android' | 'ios', label: string, entry: Partial<AppDownloadEntry> | undefined) => {
    if (entry && Number(entry.status) === 1 && typeof entry.download_code === 'string' && typeof entry.download_link === 'string') {
      result.push({ platform, label, qr: entry.download_code, link: entry.download_link });
    }
  };
  add('android', 'Android', parsed?.android);
  add('ios', 'iOS', parsed?.ios);
  return result;
}

let cached: Promise<DownloadEntry[]> | null = null;

function loadEntries(api: ApiClient): Promise<DownloadEntry[]> {
  if (!cached) {
    cached = api
      .call('GET /v1/common/system_config')
      .then((entries) => parseAppConfig(Array.isArray(entries) ? entries : []))
      .catch((error: unknown) => {
        console.warn('[shell] system config unavailable; no app download entries', error);
        cached = null;
        return [];
      });
  }
  return cached;
}

function DownloadItem({ entry, narrow }: { entry: DownloadEntry; narrow: boolean }) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  return (
    <div css={{ position: 'relative' }} onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <a
        href={entry.link}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={open ? popupId : undefined}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        css={{
          display: 'flex',
          flexDirection: narrow ? 'column' : 'row',
          alignItems: 'center',
          gap: narrow ? 2 : 10,
          padding: narrow ? '8px 2px' : '8px 12px',
          margin: narrow ? '2px 6px' : '1px 8px',
          borderRadius: 10,
          fontSize: narrow ? 11 : 14,
          color: 'var(--c-text-muted)',
          textDecoration: 'none',
          '&:hover': { background: 'var(--c-surface-hover)', color: 'var(--c-text)' },
        }}
      >
        <MenuIcon name={entry.platform === 'android' ? 'android' : 'apple'} />
        <span>{narrow ? entry.label : `${entry.label} app`}</span>
      </a>
      {open ? (
        <div
          id={popupId}
          role="tooltip"
          css={{
            position: 'absolute',
            left: '100%',
            bottom: 0,
            marginLeft: 8,
            padding: 10,
            borderRadius: 12,
            background: 'var(--c-surface-raised)',
            border: '1px solid var(--c-border)',
            boxShadow: 'var(--shadow-pop)',
            zIndex: 1200,
            textAlign: 'center',
            width: 156,
          }}
        >
          {/* a QR code is read against white, whatever the theme (its quiet zone): not a theme colour */}
          <img src={entry.qr} alt={`QR code to download the ${entry.label} app`} width={136} height={136} css={{ display: 'block', borderRadius: 6, background: '#fff' }} />
          <span css={{ display: 'block', marginTop: 6, fontSize: 12, color: 'var(--c-text-muted)' }}>Scan to download</span>
        </div>
      ) : null}
    </div>
  );
}

export function AppDownload({ narrow }: { narrow: boolean }) {
  const { api } = useShell();
  const [entries, setEntries] = useState<DownloadEntry[]>([]);
  useEffect(() => {
    let live = true;
    void loadEntries(api).then((result) => {
      if (live) setEntries(result);
    });
    return () => {
      live = false;
    };
  }, [api]);
  if (entries.length === 0) return null;
  return (
    <div role="group" aria-label="Download the app" css={{ borderTop: '1px solid var(--c-border)', padding: '8px 0' }}>
      {entries.map((entry) => (
        <DownloadItem key={entry.platform} entry={entry} narrow={narrow} />
      ))}
    </div>
  );
}
