/** What each key spent over the last 30 days. */
import { useEffect, useId, useMemo, useState } from 'react';
import type { ApiKeyUsage, ShellApi } from 'shared-contracts';
import type { Palette } from '../../shared/lib/palette';
import { developerApi } from '../api/developer';

export function UsageSection({ shell, palette, version }: { shell: ShellApi; palette: Palette; version: number }) {
  const api = useMemo(() => developerApi(shell.api), [shell.api]);
  const [usage, setUsage] = useState<ApiKeyUsage[]>([]);
  const headingId = useId();
  useEffect(() => {
    void api.usage().then(setUsage, () => setUsage([]));
  }, [api, version]);
  return (
    <section aria-labelledby={headingId} css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h3 id={headingId} css={{ margin: 0, fontSize: 16 }}>
        Usage, last 30 days
      </h3>
      <table css={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
        <thead>
          <tr css={{ textAlign: 'left', color: palette.textMuted }}>
            <th scope="col">Key</th>
            <th scope="col">Tasks</th>
            <th scope="col">Credits</th>
            <th scope="col">Busiest day</th>
          </tr>
        </thead>
        <tbody>
          {usage.length === 0 && (
            <tr>
              <td colSpan={4} css={{ color: palette.textMuted }}>
                No keys yet.
              </td>
            </tr>
          )}
          {usage.map((row) => {
            const busiest = [...row.days].sort((a, b) => b.credits - a.credits)[0];
            return (
              <tr key={row.key_id} data-testid="key-usage" data-key-name={row.name}>
                <th scope="row" css={{ textAlign: 'left', fontWeight: 500 }}>
                  {row.name}
                  {row.revoked ? ' (revoked)' : ''}
                </th>
                <td>{row.total_tasks}</td>
                <td data-testid="key-usage-credits">{row.total_credits}</td>
                <td>{busiest ? `${busiest.date}: ${busiest.credits}` : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

