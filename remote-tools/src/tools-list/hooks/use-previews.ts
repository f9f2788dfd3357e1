import { useEffect, useState } from 'react';
import { useShell, type ApiCallData, type ToolPreview } from 'shared-contracts';
import { useFirstScreenData } from '@studio/ui-kit/first-screen';

const PREVIEWS_CALL = 'GET /v1/ai/tools/previews';
/** the call's path, as the list's first screen names it to the gateway (first-screen/server.tsx) */
export const PREVIEWS_PATH = PREVIEWS_CALL.slice('GET '.length);

type PreviewList = ApiCallData<typeof PREVIEWS_CALL>;

function byTool(list: PreviewList['previews']): Map<string, ToolPreview> {
  return new Map(list.map((p) => [p.tool, p]));
}

/**
 * The tools' before/after previews; asks again every few seconds while some are still being made. Starts from the
 * answer the first HTML carried (a visitor's first page: the gateway's), without asking again unless some were
 * still being made.
 */
export function usePreviews(): Map<string, ToolPreview> {
  const shell = useShell();
  const carried = useFirstScreenData<PreviewList>(PREVIEWS_PATH);
  const [previews, setPreviews] = useState<Map<string, ToolPreview>>(() => byTool(carried?.previews ?? []));
  const [settled] = useState(() => Boolean(carried?.previews.length) && !carried?.previews.some((p) => p.status === 'rendering'));

  useEffect(() => {
    if (settled) return;
    let live = true;
    let timer = 0;
    async function load() {
      try {
        const answer = await shell.api.call(PREVIEWS_CALL, {});
        if (!live) return;
        setPreviews(byTool(answer.previews));
        if (answer.previews.some((p) => p.status === 'rendering')) timer = window.setTimeout(load, 4000);
      } catch {
        if (live) timer = window.setTimeout(load, 10000);
      }
    }
    void load();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [shell, settled]);

  return previews;
}
