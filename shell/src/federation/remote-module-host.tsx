/**
 * `ShellApi.RemoteModule`: a remote renders another remote's exposed module through the shell (a remote
 * never imports another remote). It is a RemoteArea: the module loads on demand the first time it is
 * rendered (nothing of it is in the shell's first load), a failure stays inside it with a short alert and
 * Retry, and a revisit reuses the loaded module.
 */
import type { ReactNode } from 'react';
import type { RemoteModuleHostProps, RemoteModuleName } from 'shared-contracts';
import { AreaLoadingText } from './area-loading-text';
import { RemoteArea } from './remote-area';

function Notice({ area, retry }: { area: string; retry(): void }) {
  return (
    <div role="alert" aria-label={`${area} unavailable`} css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, fontSize: 13, color: 'var(--c-text-muted)' }}>
      {area} could not be loaded right now.
      <button
        type="button"
        onClick={retry}
        css={{ padding: '4px 12px', borderRadius: 8, border: '1px solid var(--c-border)', background: 'var(--c-surface)', color: 'var(--c-text)', cursor: 'pointer', font: 'inherit' }}
      >
        Retry
      </button>
    </div>
  );
}

export function RemoteModuleHost<N extends RemoteModuleName>({ module, props, area, fallback = 'notice', loading }: RemoteModuleHostProps<N>): ReactNode {
  return (
    <RemoteArea
      module={module}
      props={props}
      area={area}
      fallback={fallback === 'silent' ? 'silent' : (retry) => <Notice area={area} retry={retry} />}
      loading={loading === undefined ? <AreaLoadingText area={area} /> : loading}
    />
  );
}
