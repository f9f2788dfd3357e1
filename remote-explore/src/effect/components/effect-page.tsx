import { useState } from 'react';
import type { Template, TemplateTag } from 'shared-contracts';
import { useFirstScreenData, useFirstScreenTakeover } from '@studio/ui-kit/first-screen';
import { Button } from '@studio/ui-kit/button';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { theme } from '@studio/ui-kit/theme';
import { Tabs } from '../../lib/tabs';
import { categoriesPath, useTemplateBrowser } from '../../lib/use-template-browser';
import { TemplateGrid } from '../../lib/template-grid';
import { EffectTipDialog } from './effect-tip-dialog';

/** the effects' categories with their first templates, as the page and its first screen (first-screen/server.tsx) ask for them */
export const EFFECT_CATEGORIES_PATH = categoriesPath('effect');

/**
 * /effect: effect templates by category; choosing one explains it, then opens /effect/create/:semantic. A visitor's
 * first HTML has this page's copy (first-screen/server.tsx) with the categories the gateway asked for: the page starts
 * from that answer and replaces the copy in the same frame.
 */
export function EffectPage() {
  useFirstScreenTakeover();
  const browser = useTemplateBrowser('effect', undefined, useFirstScreenData<TemplateTag[]>(EFFECT_CATEGORIES_PATH));
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<Template | null>(null);
  const tag = browser.tags?.[0];
  const category = tag?.categories.find((c) => c.id === (categoryId ?? tag.categories[0]?.id));

  return (
    <PageFrame title="AI Effects" subtitle="Turn a photo into a short clip with an effect. 1 credit per 30 s of video.">
      {browser.error ? (
        <div role="alert" css={{ display: 'flex', gap: 12, alignItems: 'center', color: theme.danger }}>
          The effects could not be loaded: {browser.error}
          <Button onClick={() => void browser.reload()}>Retry</Button>
        </div>
      ) : null}
      {tag && category ? (
        <>
          <Tabs small label="Effect categories" tabs={tag.categories.map((c) => ({ value: c.id, label: c.title }))} value={category.id} onChange={(value: number) => setCategoryId(value)} />
          <div role="tabpanel" aria-label={category.title}>
            <TemplateGrid category={category} useLabel="Use this effect" onMore={() => void browser.loadMore(tag.value, category.id)} onUse={setChosen} />
          </div>
        </>
      ) : !browser.error ? (
        <p css={{ color: theme.textMuted }}>{browser.tags ? 'No effects yet: the studio renders their previews on first start.' : 'Loading effects…'}</p>
      ) : null}
      {chosen ? <EffectTipDialog template={chosen} onClose={() => setChosen(null)} /> : null}
    </PageFrame>
  );
}
