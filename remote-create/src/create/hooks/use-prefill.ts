import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useShell, type CreateMode } from 'shared-contracts';
import type { CreateForm } from '../utils/form';
import { formFromSettings } from '../utils/prefill';

export interface PrefillOrigin {
  exploreId?: number;
  tplId?: number;
}

/**
 * Reads ?exploreId= ('Make the same', check-in's go-create) or ?tplId= ('Go create'), fills the form with
 * that item's settings once, and answers where the settings came from (the create call records it).
 */
export function usePrefill(mode: CreateMode, patch: (change: Partial<CreateForm>) => void): PrefillOrigin {
  const shell = useShell();
  const [params] = useSearchParams();
  const exploreId = Number(params.get('exploreId')) || undefined;
  const tplId = Number(params.get('tplId')) || undefined;
  const [origin, setOrigin] = useState<PrefillOrigin>({});
  const done = useRef('');

  useEffect(() => {
    const key = `${mode}:${exploreId ?? ''}:${tplId ?? ''}`;
    if (done.current === key || (!exploreId && !tplId)) return;
    done.current = key;
    let live = true;
    (async () => {
      try {
        if (exploreId) {
          const item = await shell.api.call('GET /v1/workflow/explore/info', { query: { id: exploreId } });
          if (!live) return;
          patch(formFromSettings(mode, item.settings, item.prompt));
          setOrigin({ exploreId });
          shell.toast.info(`The settings of “${item.title}” are in the form.`);
        } else if (tplId) {
          const template = await shell.api.call('GET /v1/workflow/info', { query: { tpl_id: tplId } });
          if (!live) return;
          patch(formFromSettings(mode, template.info.request.fields));
          setOrigin({ tplId });
          shell.toast.info(`The settings of “${template.name}” are in the form.`);
        }
      } catch {
        // an item that is gone (unpublished, reported) leaves the form as it is
      }
    })();
    return () => {
      live = false;
    };
  }, [shell, mode, exploreId, tplId, patch]);
  return origin;
}
