import { useId } from 'react';
import { LYRICS_MIN_LENGTH, USER_TEXTS, type EngineOffer } from 'shared-contracts';
import { Tabs } from '@studio/ui-kit/tabs';
import { theme } from '@studio/ui-kit/theme';
import { allowsSeconds, unavailableNote } from '../utils/engine-limits';
import type { CreateForm } from '../utils/form';
import { MUSIC_ALGORITHM, MUSIC_DURATION, MUSIC_PROMPT, SONG_PROMPT } from '../utils/modes';
import type { MusicTab } from '../utils/validation';
import { ChoiceGroup } from './choice-group';
import { PromptBox } from './prompt-box';
import { TemplatePickerButton } from './template-picker-button';
import { MusicStyleField } from './styles-field';

export type { MusicTab };

/** Music (prompt, duration default 30, style with its cover) and Song (lyrics, style prompt) under one tab bar. */
export function MusicForm({ form, patch, onTabChange, offer }: { form: CreateForm; patch(update: Partial<CreateForm>): void; onTabChange(tab: MusicTab): void; offer?: EngineOffer | null }) {
  const lyricsId = useId();
  const tab = form.musicTab;
  const lyricsLength = form.lyrics.trim().length;
  const lyricsShort = lyricsLength > 0 && lyricsLength < LYRICS_MIN_LENGTH;

  const tabs: { id: MusicTab; label: string }[] = [
    { id: 'music', label: 'Music' },
    { id: 'song', label: 'Song' },
  ];

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
      <Tabs
        label="Music or song"
        tabs={tabs.map((item) => ({ value: item.id, label: item.label, id: `music-tab-${item.id}`, controls: `music-panel-${item.id}` }))}
        value={tab}
        onChange={onTabChange}
        listCss={{ display: 'flex', gap: 4, padding: 4, borderRadius: 12, background: theme.bg }}
        tabCss={(selected) => ({
          flex: 1,
          minHeight: 36,
          border: 0,
          borderRadius: 9,
          fontWeight: 600,
          color: selected ? theme.onPrimary : theme.textMuted,
          background: selected ? theme.primary : 'transparent',
        })}
      />
      {tab === 'music' ? (
        <div role="tabpanel" id="music-panel-music" aria-labelledby="music-tab-music" css={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
          <TemplatePickerButton mode="text-to-music" />
          <PromptBox spec={MUSIC_PROMPT} value={form.musicPrompt} onChange={(musicPrompt) => patch({ musicPrompt })} presetsAlgorithm={MUSIC_ALGORITHM} sampleKey="text2music" polish />
        </div>
      ) : (
        <div role="tabpanel" id="music-panel-song" aria-labelledby="music-tab-song" css={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
          <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <label htmlFor={lyricsId} css={{ fontWeight: 600, fontSize: 14 }}>
              Lyrics
            </label>
            <textarea
              id={lyricsId}
              value={form.lyrics}
              onChange={(event) => patch({ lyrics: event.target.value })}
              rows={8}
              placeholder="Write your lyrics: verses, a chorus, a bridge."
              aria-invalid={lyricsShort}
              aria-describedby={`${lyricsId}-hint`}
              css={{
                resize: 'vertical',
                padding: 12,
                borderRadius: 10,
                font: 'inherit',
                fontSize: 14,
                lineHeight: 1.5,
                color: theme.text,
                background: theme.bg,
                border: `1px solid ${lyricsShort ? theme.danger : theme.border}`,
                '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 1 },
              }}
            />
            <span id={`${lyricsId}-hint`} css={{ fontSize: 12, color: theme.textMuted }}>
              At least {LYRICS_MIN_LENGTH} characters; they are sung over the music.
            </span>
            {lyricsShort ? (
              <p role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
                {USER_TEXTS.LYRICS_TOO_SHORT}
              </p>
            ) : null}
          </div>
          <PromptBox spec={SONG_PROMPT} value={form.songPrompt} onChange={(songPrompt) => patch({ songPrompt })} sampleKey="text2song" />
        </div>
      )}
      <ChoiceGroup
        legend="Duration"
        choices={MUSIC_DURATION.options.map((value) => {
          const allowed = allowsSeconds(offer, value);
          return { value, label: MUSIC_DURATION.format(value), detail: allowed ? undefined : unavailableNote(offer), disabled: !allowed };
        })}
        value={form.musicDuration}
        onChange={(musicDuration) => patch({ musicDuration })}
        columns={MUSIC_DURATION.options.length}
      />
      <MusicStyleField value={form.musicStyle} onChange={(musicStyle) => patch({ musicStyle })} />
    </div>
  );
}
