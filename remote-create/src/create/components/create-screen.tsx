import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { ASPECT_RATIOS, BATCH_COUNTS, routePath, useShell, type CreateMode, type Task } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { ExamplesSection } from '../../examples/components/examples-section';
import { AskHost } from '../../lib/ask-host';
import { media, theme } from '@studio/ui-kit/theme';
import { useLeaveGuard } from '@studio/ui-kit/use-leave-guard';
import { GoBackDialog, ReminderDialog } from '../../leave/components/leave-dialogs';
import { leaveReason } from '../../leave/utils/leave-reason';
import { GenerateList } from '../../tasks/components/generate-list';
import { useGenerateList } from '../../tasks/hooks/use-generate-list';
import { useCost } from '../hooks/use-cost';
import { useGenerate } from '../hooks/use-generate';
import { usePrefill } from '../hooks/use-prefill';
import { buildCreate, fieldOf, initialForm, SEEDED_MODES, type CreateForm } from '../utils/form';
import { countWords, IMAGE_STYLES, MODES, MUSIC_STYLES, SONG_ALGORITHM, ULTRA_HD } from '../utils/modes';
import { checkFrames, type MusicTab } from '../utils/validation';
import { AudioEditDialog } from './audio-edit-dialog';
import { ChoiceGroup } from './choice-group';
import { GenerateBar } from './generate-bar';
import { AudioToggle, KeepShapeToggle, PreviewNotice, SeedField } from './generation-options';
import { ImageInput } from './image-input';
import { MusicForm } from './music-form';
import { PromptBox } from './prompt-box';
import { TemplatePickerButton } from './template-picker-button';
import { AnimeStylesField, EffectField, ImageStylesField } from './styles-field';
import { VideoInput } from './video-input';

function useMusicTab(): [MusicTab, (tab: MusicTab) => void] {
  const [params, setParams] = useSearchParams();
  const { tabname } = useParams();
  const tab: MusicTab = params.get('tab') === 'song' || tabname === 'song' ? 'song' : 'music';
  function change(next: MusicTab) {
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

/** Has the user put anything into the form (the go-back modal asks before it is discarded)? */
function formTouched(form: CreateForm): boolean {
  return Boolean(form.prompt.trim() || form.musicPrompt.trim() || form.songPrompt.trim() || form.lyrics.trim() || form.video || Object.values(form.images).some(Boolean));
}

/** A creation screen: its form (spec section 2) beside the Generate List, with the leave guards. */
export function CreateScreen({ mode }: { mode: CreateMode }) {
  return (
    <AskHost>
      <CreateScreenBody mode={mode} />
    </AskHost>
  );
}

function CreateScreenBody({ mode }: { mode: CreateMode }) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const spec = MODES[mode];
  const { semantic } = useParams();
  const [musicTab, setMusicTab] = useMusicTab();
  const [draft, setDraft] = useState<CreateForm>(() => initialForm(mode, { semantic, musicTab }));
  const [busyInputs, setBusyInputs] = useState<Record<string, boolean>>({});
  const [goBackOpen, setGoBackOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);

  const form = useMemo<CreateForm>(() => ({ ...draft, musicTab, uploading: Object.values(busyInputs).filter(Boolean).length }), [draft, musicTab, busyInputs]);
  const patch = useCallback((update: Partial<CreateForm>) => setDraft((previous) => ({ ...previous, ...update })), []);
  const setBusy = useCallback((key: string, busy: boolean) => setBusyInputs((previous) => (previous[key] === busy ? previous : { ...previous, [key]: busy })), []);

  const list = useGenerateList(mode);
  // 'Make the same' / 'Go create': the item's settings fill the form; its tasks record where they came from
  const origin = usePrefill(mode, patch);
  const call = useMemo(() => buildCreate(mode, form), [mode, form]);
  const costReady = mode !== 'video-to-anime' || Boolean(form.video);
  const cost = useCost(call.algorithm, call.costQuery, costReady);
  const refreshCost = useCallback(async () => (costReady ? ((await cost.refresh()) ?? null) : null), [cost, costReady]);
  const generation = useGenerate({ mode, form, list, refreshCost, origin });

  const reason = leaveReason({ running: list.running, undownloaded: list.undownloaded });
  const { blocker, allowNext } = useLeaveGuard(reason);

  const { clearError, lastLatencyMs } = generation;
  // on phones the list is below the form: bring the new task into view
  useEffect(() => {
    if (lastLatencyMs === null || !shell.viewport.isPhone) return;
    document.getElementById('generate-list-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [lastLatencyMs, generation.createdCount, shell]);
  // a new input makes the last refusal stale
  useEffect(() => clearError(), [draft, musicTab, clearError]);

  const frameProblem = checkFrames(form.images.first ?? null, form.images.end ?? null);
  const styleWords = spec.styles === 'image' ? countWords(IMAGE_STYLES.find((style) => style.id === form.imageStyle)?.words ?? '') : 0;
  const audioTasks = list.tasks.filter((task) => task.status === 'success' && task.outputs.some((output) => output.media === 'audio'));

  function goBack() {
    if (list.running > 0 || formTouched(form)) setGoBackOpen(true);
    else shell.navigate(routePath('Home'));
  }

  function editTrack(task: Task) {
    setEditOpen(false);
    const styleLabel = fieldOf(task.user_data, 'style');
    const style = MUSIC_STYLES.find((item) => item.label === styleLabel)?.id ?? null;
    const duration = Number(fieldOf(task.user_data, 'duration')) || form.musicDuration;
    const song = task.algorithm === SONG_ALGORITHM;
    patch(song ? { songPrompt: fieldOf(task.user_data, 'prompt'), lyrics: fieldOf(task.user_data, 'lyrics'), musicDuration: duration, musicStyle: style } : { musicPrompt: fieldOf(task.user_data, 'prompt'), musicDuration: duration, musicStyle: style });
    setMusicTab(song ? 'song' : 'music');
    shell.toast.info('The track’s settings are in the form: change them and generate again.');
  }

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
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void generation.generate();
        }}
        css={{
          display: 'flex',
          flexDirection: 'column',
          gap: 20,
          padding: 20,
          borderRadius: theme.radiusLarge,
          background: theme.surface,
          border: `1px solid ${theme.border}`,
          alignSelf: 'start',
          [media.phone]: { padding: 14 },
        }}
      >
        <header css={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
          <Button variant="icon" aria-label="Back to home" onClick={goBack} css={{ flexShrink: 0, marginLeft: -8 }}>
            <Glyph d={GLYPHS.left} />
          </Button>
          <div>
            <h1 id="create-title" css={{ margin: 0, fontSize: 24, lineHeight: 1.2 }}>
              {spec.title}
            </h1>
            <p css={{ margin: '6px 0 0', color: theme.textMuted, fontSize: 14 }}>{spec.subtitle}</p>
          </div>
        </header>
        {/* the music form has its own, in its Music tab */}
        {mode !== 'text-to-music' ? <TemplatePickerButton mode={mode} /> : null}

        {mode === 'text-to-music' ? (
          <>
            <MusicForm form={form} patch={patch} onTabChange={setMusicTab} />
            <Button variant="ghost" onClick={() => setEditOpen(true)}>
              Edit a previous track
            </Button>
          </>
        ) : null}

        {spec.images ? (
          <div css={{ display: 'grid', gap: 16, gridTemplateColumns: spec.images.length > 1 ? 'repeat(2, minmax(0, 1fr))' : '1fr', [media.phone]: { gridTemplateColumns: '1fr' } }}>
            {spec.images.map((slot) => (
              <ImageInput
                key={`${mode}-${slot.key}`}
                slot={slot}
                algorithm={spec.algorithm}
                value={form.images[slot.key]}
                onChange={(value) => setDraft((previous) => ({ ...previous, images: { ...previous.images, [slot.key]: value } }))}
                onBusyChange={(busy) => setBusy(slot.key, busy)}
              />
            ))}
          </div>
        ) : null}
        {frameProblem ? (
          <p role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
            {frameProblem}
          </p>
        ) : null}

        {spec.video ? (
          <VideoInput label={spec.video.label} algorithm={spec.algorithm} value={form.video} onChange={(video) => patch({ video })} onBusyChange={(busy) => setBusy('video', busy)} />
        ) : null}

        {spec.effect ? <EffectField value={form.effect} onChange={(effect) => patch({ effect })} /> : null}

        {spec.prompt ? (
          <PromptBox
            key={mode}
            spec={spec.prompt}
            value={form.prompt}
            onChange={(prompt) => patch({ prompt })}
            extraWords={styleWords}
            presetsAlgorithm={spec.algorithm}
            sampleKey={spec.sampleKey}
            polish
            imageToPrompt={spec.imageToPrompt}
          />
        ) : null}

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
            choices={spec.duration.options.map((value) => ({ value, label: spec.duration?.format(value) ?? String(value) }))}
            value={form.duration}
            onChange={(duration) => patch({ duration })}
            columns={spec.duration.options.length}
          />
        ) : null}

        {spec.resolution ? (
          <div css={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
            <ChoiceGroup
              legend="Resolution"
              choices={spec.resolution.options.map((value) => ({ value, label: value, detail: value === ULTRA_HD ? 'Ultra HD' : undefined }))}
              value={form.resolution}
              onChange={(resolution) => patch({ resolution })}
              columns={spec.resolution.options.length}
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
        ) : null}

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

        {spec.audio ? <AudioToggle value={form.audio} onChange={(audio) => patch({ audio })} /> : null}
        {SEEDED_MODES.includes(mode) ? <SeedField value={form.seed} onChange={(seed) => patch({ seed })} /> : null}
        {costReady && cost.cost?.preview ? <PreviewNotice /> : null}

        <GenerateBar cost={costReady ? cost.cost : null} costPending={costReady && cost.pending} costError={costReady ? cost.error : null} loggedIn={session.flags.isLogin} phase={generation.phase} error={generation.error} onGenerate={() => void generation.generate()} />

        <ExamplesSection demoKey={mode === 'text-to-music' && musicTab === 'song' ? SONG_ALGORITHM : spec.algorithm} title={spec.title} />
      </form>

      <GenerateList list={list} />

      {blocker.state === 'blocked' && reason ? <ReminderDialog message={reason} onCancel={() => blocker.reset()} onLeave={() => blocker.proceed()} /> : null}
      {goBackOpen ? (
        <GoBackDialog
          onCancel={() => setGoBackOpen(false)}
          onConfirm={() => {
            setGoBackOpen(false);
            allowNext();
            shell.navigate(routePath('Home'));
          }}
        />
      ) : null}
      {editOpen ? <AudioEditDialog tasks={audioTasks} onCancel={() => setEditOpen(false)} onPick={editTrack} /> : null}
    </div>
  );
}
