/** The settings of a creation screen below its inputs and prompt: each shown where the mode has it (utils/modes.ts). */
import { ASPECT_RATIOS, BATCH_COUNTS, useShell, type CreateMode, type EngineOffer } from 'shared-contracts';
import { useSnapshot } from 'valtio';
import { theme } from '@studio/ui-kit/theme';
import { allowsResolution, allowsSeconds, refuses, unavailableNote } from '../utils/engine-limits';
import { SEEDED_MODES, type CreateForm } from '../utils/form';
import { ULTRA_HD, type ModeSpec } from '../utils/modes';
import { ChoiceGroup } from './choice-group';
import { AudioToggle, KeepShapeToggle, SeedField } from './generation-options';
import { AnimeStylesField, ImageStylesField } from './styles-field';

interface SettingsProps {
  mode: CreateMode;
  spec: ModeSpec;
  form: CreateForm;
  patch(update: Partial<CreateForm>): void;
  /** the engine that will run it: what it cannot do is shown disabled */
  offer?: EngineOffer | null;
}

/** The resolution, and under Ultra HD for a signed-in member without a plan the way to one. */
function ResolutionField({ options, form, patch, offer }: { options: readonly string[]; form: CreateForm; patch: SettingsProps['patch']; offer?: EngineOffer | null }) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <ChoiceGroup
        legend="Resolution"
        choices={options.map((value) => {
          const allowed = allowsResolution(offer, value);
          return { value, label: value, detail: !allowed ? unavailableNote(offer) : value === ULTRA_HD ? 'Ultra HD' : undefined, disabled: !allowed };
        })}
        value={form.resolution}
        onChange={(resolution) => patch({ resolution })}
        columns={options.length}
      />
      {form.resolution === ULTRA_HD && session.flags.isLogin && !session.flags.isSubscribed ? (
        <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
          Ultra HD is part of the Standard and Premium plans.{' '}
          <button
            type="button"
            onClick={() => shell.bus.emit('billing:open', { tab: 'membership', reason: 'ultra-hd' })}
            css={{ padding: 0, border: 0, background: 'none', color: theme.link, font: 'inherit', cursor: 'pointer', textDecoration: 'underline' }}
          >
            Upgrade
          </button>
        </p>
      ) : null}
    </div>
  );
}

/** Shape, ratio, duration, resolution, motion, number of images, style, audio and seed. */
export function ModeSettings({ mode, spec, form, patch, offer }: SettingsProps) {
  return (
    <>
      {mode === 'image-to-image' ? <KeepShapeToggle value={form.keepShape} onChange={(keepShape) => patch({ keepShape })} /> : null}
      {spec.ratio && !(mode === 'image-to-image' && form.keepShape) ? (
        <ChoiceGroup
          legend="Aspect ratio"
          choices={ASPECT_RATIOS.map((option) => ({ value: option.ratio, label: option.ratio, detail: `${option.width}x${option.height}` }))}
          value={form.ratio}
          onChange={(ratio) => patch({ ratio })}
          columns={4}
        />
      ) : null}

      {spec.duration ? (
        <ChoiceGroup
          legend="Duration"
          choices={spec.duration.options.map((value) => {
            const allowed = allowsSeconds(offer, value);
            return { value, label: spec.duration?.format(value) ?? String(value), detail: allowed ? undefined : unavailableNote(offer), disabled: !allowed };
          })}
          value={form.duration}
          onChange={(duration) => patch({ duration })}
          columns={spec.duration.options.length}
        />
      ) : null}

      {spec.resolution ? <ResolutionField options={spec.resolution.options} form={form} patch={patch} offer={offer} /> : null}

      {spec.motion ? (
        <ChoiceGroup
          legend="Motion"
          choices={spec.motion.options.map((value) => ({ value, label: spec.motion?.format(value) ?? value }))}
          value={form.motion}
          onChange={(motion) => patch({ motion })}
          columns={4}
        />
      ) : null}

      {spec.quantity ? (
        <ChoiceGroup legend="Number of images" choices={BATCH_COUNTS.map((value) => ({ value, label: String(value) }))} value={form.quantity} onChange={(quantity) => patch({ quantity })} columns={4} />
      ) : null}

      {spec.styles === 'image' ? <ImageStylesField value={form.imageStyle} onChange={(imageStyle) => patch({ imageStyle })} /> : null}
      {spec.styles === 'anime' ? <AnimeStylesField value={form.animeStyle} onChange={(animeStyle) => patch({ animeStyle })} /> : null}

      {spec.audio ? <AudioToggle value={form.audio} onChange={(audio) => patch({ audio })} unavailable={refuses(offer, 'audio') ? `${unavailableNote(offer)}: it makes silent video.` : undefined} /> : null}
      {SEEDED_MODES.includes(mode) ? <SeedField value={form.seed} onChange={(seed) => patch({ seed })} /> : null}
    </>
  );
}
