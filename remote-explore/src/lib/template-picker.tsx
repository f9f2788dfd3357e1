import { useEffect, useRef, useState } from 'react';
import { useShell, type Template, type TemplatePickerProps } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '@studio/ui-kit/dialog';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { mediaUrl } from './session';
import { Tabs } from './tabs';
import { useTemplateBrowser } from './use-template-browser';

/** One picker row: thumbnail, name, description, and play/pause of its audio preview when it has one. */
function PickerRow({ template, playing, onToggle, onPick }: { template: Template; playing: boolean; onToggle(): void; onPick(): void }) {
  const shell = useShell();
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => {
    if (!audio.current) return;
    if (playing) audio.current.play().catch(() => undefined);
    else audio.current.pause();
  }, [playing]);
  return (
    <li css={{ listStyle: 'none', display: 'flex', gap: 12, alignItems: 'center', padding: 8, borderRadius: 10, border: `1px solid ${theme.border}` }}>
      <img src={mediaUrl(shell, template.thumbnail)} alt="" css={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 8, flex: '0 0 auto' }} />
      <div css={{ flex: 1, minWidth: 0 }}>
        <p css={{ margin: 0, fontWeight: 600, fontSize: 14 }}>{template.name}</p>
        {template.description ? <p css={{ margin: 0, fontSize: 12, color: theme.textMuted }}>{template.description}</p> : null}
      </div>
      {template.preview ? (
        <>
          <audio ref={audio} src={mediaUrl(shell, template.preview)} onEnded={onToggle} />
          <Button variant="icon" aria-label={playing ? `Pause ${template.name}` : `Play ${template.name}`} aria-pressed={playing} onClick={onToggle}>
            {playing ? '❚❚' : '▶'}
          </Button>
        </>
      ) : null}
      <Button variant="primary" onClick={onPick} aria-label={`Use ${template.name}`}>
        Use
      </Button>
    </li>
  );
}

/** The template list picker: category tabs (scrolled with arrows), then the category's templates. */
export function TemplatePicker({ open, title = 'Choose a template', funModule = 'template', media, onPick, onClose }: TemplatePickerProps) {
  const browser = useTemplateBrowser(funModule, media);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [playing, setPlaying] = useState<number | null>(null);
  const tabsRef = useRef<HTMLDivElement | null>(null);
  const tag = browser.tags?.find((t) => !media || t.value === media);
  const category = tag?.categories.find((c) => c.id === (categoryId ?? tag.categories[0]?.id));
  const scroll = (direction: 1 | -1) => tabsRef.current?.querySelector('[role=tablist]')?.scrollBy({ left: direction * 200, behavior: 'smooth' });
  if (!open) return null;
  return (
    <Dialog title={title} onClose={onClose} width={640} phoneFullScreen testId="template-picker">
      {tag && category ? (
        <>
          <div ref={tabsRef} css={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <Button variant="icon" aria-label="Scroll categories left" onClick={() => scroll(-1)}>
              ‹
            </Button>
            <div css={{ flex: 1, minWidth: 0 }}>
              <Tabs small label="Template categories" tabs={tag.categories.map((c) => ({ value: c.id, label: c.title }))} value={category.id} onChange={(id: number) => setCategoryId(id)} />
            </div>
            <Button variant="icon" aria-label="Scroll categories right" onClick={() => scroll(1)}>
              ›
            </Button>
          </div>
          <ul role="tabpanel" aria-label={category.title} css={{ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8, maxHeight: '55vh', overflowY: 'auto', ...focusRing }}>
            {category.tpls.map((template) => (
              <PickerRow
                key={template.tpl_id}
                template={template}
                playing={playing === template.tpl_id}
                onToggle={() => setPlaying((current) => (current === template.tpl_id ? null : template.tpl_id))}
                onPick={() => {
                  onPick(template);
                  onClose();
                }}
              />
            ))}
          </ul>
          {category.tpls.length < category.total ? (
            <Button variant="ghost" onClick={() => void browser.loadMore(tag.value, category.id)}>
              More templates
            </Button>
          ) : null}
        </>
      ) : (
        <p css={{ margin: 0, color: theme.textMuted }}>{browser.error ? `The templates could not be loaded: ${browser.error}` : 'Loading templates…'}</p>
      )}
    </Dialog>
  );
}
