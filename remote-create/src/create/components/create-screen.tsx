import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ASPECT_RATIOS, BATCH_COUNTS, DEFAULT_BATCH_COUNT, TASK_RESULT_DAYS, type AspectRatio, type CreateMode } from 'shared-contracts';
import { NotYetNotice } from '../../components/not-yet-notice';
import { media, theme } from '../../lib/theme';
import { MODES } from '../utils/modes';
import { ChoiceGroup } from './choice-group';
import { Field } from './field';
import { GenerateBar } from './generate-bar';
import { ImageInput } from './image-input';
import { MusicForm, type MusicTab } from './music-form';
import { PromptBox } from './prompt-box';
import { StylesField } from './styles-field';

function useMusicTab(): [MusicTab, (tab: MusicTab) => void] {
  const [params, setParams] = useSearchParams();
  const { tabname } = useParams();
  const fromUrl: MusicTab = params.get('tab') === 'song' || tabname === 'song' ? 'song' : 'music';
  const [tab, setTab] = useState<MusicTab>(fromUrl);
  useEffect(() => setTab(fromUrl), [fromUrl]);
  function change(next: MusicTab) {
    setTab(next);
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'song') updated.set('tab', 'song');
        else updated.delete('tab');
        return updated;
      },
      { replace: true },
    );
  }
  return [tab, change];
}

/** The form of one creation mode (spec section 2), and the Generate List beside it. */
export function CreateScreen({ mode }: { mode: CreateMode }) {
  const spec = MODES[mode];
  const [prompt, setPrompt] = useState('');
  const [ratio, setRatio] = useState<AspectRatio>('16:9');
  const [quantity, setQuantity] = useState<number>(DEFAULT_BATCH_COUNT);
  const [duration, setDuration] = useState<number>(spec.duration?.defaultValue ?? 0);
  const [resolution, setResolution] = useState<string>(spec.resolution?.defaultValue ?? '');
  const [motion, setMotion] = useState<string>(spec.motion?.defaultValue ?? '');
  const [audio, setAudio] = useState(false);
  const [musicTab, setMusicTab] = useMusicTab();

  return (
    <div
      css={{
        color: theme.text,
        display: 'grid',
        gridTemplateColumns: 'minmax(340px, 440px) minmax(0, 1fr)',
        gap: 24,
        padding: '24px 32px 48px',
        maxWidth: 1600,
        margin: '0 auto',
        [media.tablet]: { gridTemplateColumns: 'minmax(300px, 380px) minmax(0, 1fr)', padding: '20px 20px 40px', gap: 16 },
        [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)', padding: '16px 12px 32px', gap: 16 },
      }}
    >
      <form
        aria-labelledby="create-title"
        onSubmit={(event) => event.preventDefault()}
        css={{
          display: 'flex',
          flexDirection: 'column',
          gap: 20,
          padding: 20,
          borderRadius: theme.radiusLarge,
          background: theme.surface,
          border: `1px solid ${theme.border}`,
          alignSelf: 'start',
        }}
      >
        <header>
          <h1 id="create-title" css={{ margin: 0, fontSize: 24, lineHeight: 1.2 }}>
            {spec.title}
          </h1>
          <p css={{ margin: '6px 0 0', color: theme.textMuted, fontSize: 14 }}>{spec.subtitle}</p>
        </header>

        {mode === 'text-to-music' ? <MusicForm tab={musicTab} onTabChange={setMusicTab} /> : null}

        {spec.images ? (
          <div css={{ display: 'grid', gap: 16, gridTemplateColumns: spec.images.length > 1 ? 'repeat(2, minmax(0, 1fr))' : '1fr', [media.phone]: { gridTemplateColumns: '1fr' } }}>
            {spec.images.map((slot) => (
              <ImageInput key={`${mode}-${slot.key}`} slot={slot} />
            ))}
          </div>
        ) : null}

        {spec.video ? (
          <Field legend={spec.video.label}>
            <NotYetNotice>Video upload is not available yet.</NotYetNotice>
          </Field>
        ) : null}

        {spec.effect ? (
          <Field legend="Effect">
            <NotYetNotice>Effect templates are not available yet.</NotYetNotice>
          </Field>
        ) : null}

        {spec.prompt ? <PromptBox key={mode} spec={spec.prompt} value={prompt} onChange={setPrompt} /> : null}

        {spec.ratio ? (
          <ChoiceGroup
            legend="Aspect ratio"
            choices={ASPECT_RATIOS.map((option) => ({ value: option.ratio, label: option.ratio, detail: `${option.width}x${option.height}` }))}
            value={ratio}
            onChange={setRatio}
            columns={4}
          />
        ) : null}

        {spec.duration ? (
          <ChoiceGroup
            legend="Duration"
            choices={spec.duration.options.map((value) => ({ value, label: spec.duration?.format(value) ?? String(value) }))}
            value={duration}
            onChange={setDuration}
            columns={spec.duration.options.length}
          />
        ) : null}

        {spec.resolution ? (
          <ChoiceGroup
            legend="Resolution"
            choices={spec.resolution.options.map((value) => ({ value, label: value }))}
            value={resolution}
            onChange={setResolution}
            columns={spec.resolution.options.length}
          />
        ) : null}

        {spec.motion ? (
          <ChoiceGroup
            legend="Motion"
            choices={spec.motion.options.map((value) => ({ value, label: value }))}
            value={motion}
            onChange={setMotion}
            columns={spec.motion.options.length}
          />
        ) : null}

        {spec.quantity ? (
          <ChoiceGroup
            legend="Number of images"
            choices={BATCH_COUNTS.map((value) => ({ value, label: String(value) }))}
            value={quantity}
            onChange={setQuantity}
            columns={4}
          />
        ) : null}

        {spec.styles ? <StylesField /> : null}

        {spec.audio ? (
          <label css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, fontSize: 14, fontWeight: 600 }}>
            Generate audio
            <input
              type="checkbox"
              role="switch"
              checked={audio}
              onChange={(event) => setAudio(event.target.checked)}
              css={{ width: 20, height: 20, accentColor: theme.primary }}
            />
          </label>
        ) : null}

        <GenerateBar />
      </form>

      <section
        aria-labelledby="generate-list-title"
        css={{
          display: 'flex',
          flexDirection: 'column',
          gap: 12,
          padding: 20,
          borderRadius: theme.radiusLarge,
          background: theme.surface,
          border: `1px solid ${theme.border}`,
          minHeight: 320,
          [media.phone]: { minHeight: 0 },
        }}
      >
        <h2 id="generate-list-title" css={{ margin: 0, fontSize: 18 }}>
          Generate List
        </h2>
        <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>Results are kept {TASK_RESULT_DAYS} days.</p>
        <NotYetNotice>The Generate List is not available yet. Your tasks will appear here with their progress once generation opens.</NotYetNotice>
      </section>
    </div>
  );
}
