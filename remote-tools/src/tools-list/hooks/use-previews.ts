import { useEffect, useState } from 'react';
import { useShell, type ToolPreview } from 'shared-contracts';

/** The tools' before/after previews; asks again every few seconds while some are still being made. */
export function usePreviews(): Map<string, ToolPreview> {
  const shell = useShell();
  const [previews, setPreviews] = useState<Map<string, ToolPreview>>(new Map());

  useEffect(() => {
    let live = true;
    let timer = 0;
    async function load() {
      try {
        const answer = await shell.api.call('GET /v1/ai/tools/previews', {});
        if (!live) return;
        setPreviews(new Map(answer.previews.map((p) => [p.tool, p])));
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
  }, [shell]);

  return previews;
}
