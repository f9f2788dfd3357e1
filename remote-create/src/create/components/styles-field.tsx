import { ANIME_STYLES, EFFECTS, IMAGE_STYLES, MUSIC_STYLES, musicStyleCover, type AnimeStyleId, type EffectId, type ImageStyleId, type MusicStyleId } from '../utils/modes';
import { theme } from '@studio/ui-kit/theme';
import { ChoiceGroup } from './choice-group';
import { Field } from './field';

/** Image styles: words added to the prompt. */
export function ImageStylesField({ value, onChange }: { value: ImageStyleId; onChange(value: ImageStyleId): void }) {
  return (
    <ChoiceGroup legend="Style" choices={IMAGE_STYLES.map((style) => ({ value: style.id, label: style.label }))} value={value} onChange={onChange} columns={3} />
  );
}

export function AnimeStylesField({ value, onChange }: { value: AnimeStyleId; onChange(value: AnimeStyleId): void }) {
  return <ChoiceGroup legend="Style" choices={ANIME_STYLES.map((style) => ({ value: style.id, label: style.label }))} value={value} onChange={onChange} columns={3} />;
}

export function EffectField({ value, onChange }: { value: EffectId; onChange(value: EffectId): void }) {
  return <ChoiceGroup legend="Effect" choices={EFFECTS.map((effect) => ({ value: effect.id, label: effect.label }))} value={value} onChange={onChange} columns={2} />;
}

/** Music styles with their covers; choosing the chosen one again clears it (no style). */
export function MusicStyleField({ value, onChange }: { value: MusicStyleId | null; onChange(value: MusicStyleId | null): void }) {
  return (
    <Field legend="Style" hint="Optional: the style sets the instruments, tempo and drums.">
      <div role="group" aria-label="Music style" css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 8 }}>
        {MUSIC_STYLES.map((style) => {
          const chosen = style.id === value;
          return (
            <button
              key={style.id}
              type="button"
              aria-pressed={chosen}
              onClick={() => onChange(chosen ? null : style.id)}
              css={{
                display: 'flex',
                flexDirection: 'column',
                gap: 4,
                padding: 4,
                borderRadius: 12,
                border: `2px solid ${chosen ? theme.link : 'transparent'}`,
                background: theme.bg,
                color: theme.text,
                font: 'inherit',
                fontSize: 13,
                cursor: 'pointer',
                '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
              }}
            >
              <img src={musicStyleCover(style.id)} alt="" css={{ width: '100%', aspectRatio: '1', borderRadius: 8, display: 'block' }} />
              <span css={{ fontWeight: 600 }}>{style.label}</span>
            </button>
          );
        })}
      </div>
    </Field>
  );
}
