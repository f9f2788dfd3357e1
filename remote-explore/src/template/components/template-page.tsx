import { useState } from 'react';
import { routePath, templateCreateLink, useShell, type Template, type TemplateTag } from 'shared-contracts';
import { AppLink } from '@studio/ui-kit/app-link';
import { useFirstScreenData, useFirstScreenTakeover } from '@studio/ui-kit/first-screen';
import { Button } from '@studio/ui-kit/button';
import { focusRing, media, theme } from '@studio/ui-kit/theme';
import { Tabs } from '../../lib/tabs';
import { categoriesPath, useTemplateBrowser } from '../../lib/use-template-browser';
import { TemplateGrid } from '../../lib/template-grid';
import { TemplateRunDialog } from '../../lib/template-run-dialog';

/** the templates' categories with their first templates, as the page and its first screen (first-screen/server.tsx) ask for them */
export const TEMPLATE_CATEGORIES_PATH = categoriesPath('template');

/**
 * The template browser (shown without header and sidebar): media tabs, categories with paged lists of 25,
 * hover previews with 'use this template' and 'go create'. A visitor's first HTML has this page's copy
 * (first-screen/server.tsx) with the categories the gateway asked for: the page starts from that answer and
 * replaces the copy in the same frame.
 */
export function TemplatePage() {
  useFirstScreenTakeover();
  const shell = useShell();
  const browser = useTemplateBrowser('template', undefined, useFirstScreenData<TemplateTag[]>(TEMPLATE_CATEGORIES_PATH));
  const [tab, setTab] = useState<TemplateTag['value']>('video');
  const [categoryByTab, setCategoryByTab] = useState<Record<string, number>>({});
  const [running, setRunning] = useState<Template | null>(null);
  const tag = browser.tags?.find((t) => t.value === tab) ?? browser.tags?.[0];
  const categoryId = tag ? (categoryByTab[tag.value] ?? tag.categories[0]?.id) : undefined;
  const category = tag?.categories.find((c) => c.id === categoryId);

  return (
    <main css={{ color: theme.text, maxWidth: 1440, margin: '0 auto', padding: '20px 32px 48px', display: 'flex', flexDirection: 'column', gap: 16, [media.phone]: { padding: '12px 12px 32px' } }}>
      <header css={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <AppLink to={routePath('Home')} css={{ color: theme.link, fontSize: 14, ...focusRing }}>
          ← Back to home
        </AppLink>
        <h1 css={{ margin: 0, fontSize: 26, [media.phone]: { fontSize: 20 } }}>Templates</h1>
      </header>
      <p css={{ margin: 0, color: theme.textMuted }}>Start from a template: hover one to preview it, then use it with your own photo or words.</p>
      {browser.error ? (
        <div role="alert" css={{ display: 'flex', gap: 12, alignItems: 'center', color: theme.danger }}>
          The templates could not be loaded: {browser.error}
          <Button onClick={() => void browser.reload()}>Retry</Button>
        </div>
      ) : null}
      {browser.tags ? (
        <>
          <Tabs
            label="Template media type"
            tabs={browser.tags.map((t) => ({ value: t.value, label: t.name }))}
            value={tag?.value ?? 'video'}
            onChange={(value) => setTab(value)}
          />
          {tag ? (
            <Tabs
              small
              label={`${tag.name} categories`}
              tabs={tag.categories.map((c) => ({ value: c.id, label: c.title }))}
              value={categoryId ?? 0}
              onChange={(value) => setCategoryByTab((all) => ({ ...all, [tag.value]: value }))}
            />
          ) : null}
          {tag && category ? (
            <div role="tabpanel" aria-label={`${tag.name} · ${category.title}`}>
              <TemplateGrid
                category={category}
                onMore={() => void browser.loadMore(tag.value, category.id)}
                onUse={setRunning}
                onCreate={(template) => shell.navigate(templateCreateLink(template))}
              />
            </div>
          ) : null}
        </>
      ) : browser.error ? null : (
        <p css={{ color: theme.textMuted }}>Loading templates…</p>
      )}
      {running ? <TemplateRunDialog template={running} onClose={() => setRunning(null)} /> : null}
    </main>
  );
}
