import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { routePath, useShell, type CreateMode, type Task } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { useFirstScreenTakeover } from '@studio/ui-kit/first-screen';
import { BREAKPOINT, media, theme } from '@studio/ui-kit/theme';
import { ExamplesSection } from '../../examples/components/examples-section';
import { AskHost } from '../../lib/ask-host';
import { LeaveGuards } from '../../leave/components/leave-dialogs';
import { GenerateList } from '../../tasks/components/generate-list';
import { useGenerateList } from '../../tasks/hooks/use-generate-list';
import { useCost } from '../hooks/use-cost';
import { formTouched, useCreateForm } from '../hooks/use-create-form';
import { useGenerate } from '../hooks/use-generate';
import { usePrefill } from '../hooks/use-prefill';
import { trackSettings } from '../utils/edit-track';
import { fitForm, refuses } from '../utils/engine-limits';
import { buildCreate } from '../utils/form';
import { countWords, IMAGE_STYLES, MODES, MUSIC_DURATION, SONG_ALGORITHM, type ModeSpec } from '../utils/modes';
import { AudioEditDialog } from './audio-edit-dialog';
import { GenerateBar } from './generate-bar';
import { EngineNotice, PreviewNotice } from './generation-options';
import { MediaInputs } from './media-inputs';
import { ModeSettings } from './mode-settings';
import { MusicForm } from './music-form';
import { PromptBox } from './prompt-box';
import { TemplatePickerButton } from './template-picker-button';
import { EffectField } from './styles-field';

/** A creation screen: its form (spec section 2) beside the Generate List, with the leave guards. */
export function CreateScreen({ mode }: { mode: CreateMode }) {
  // a visitor's first HTML has this screen's copy (first-screen/server.tsx): this replaces it in the same frame
  useFirstScreenTakeover();
  return (
    <AskHost>
      <CreateScreenBody mode={mode} />
    </AskHost>
  );
}

/** The back button (it asks first when there is something to lose), the mode's title and subtitle. */
function CreateHeader({ spec, onBack }: { spec: ModeSpec; onBack(): void }) {
  return (
    <header css={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
      <Button variant="icon" aria-label="Back to home" onClick={onBack} css={{ flexShrink: 0, marginLeft: -8 }}>
        <Glyph d={GLYPHS.left} />
      </Button>
      <div>
        <h1 id="create-title" css={{ margin: 0, fontSize: 24, lineHeight: 1.2 }}>
          {spec.title}
        </h1>
        <p css={{ margin: '6px 0 0', color: theme.textMuted, fontSize: 14 }}>{spec.subtitle}</p>
      </div>
    </header>
  );
}

const screenCss = {
  color: theme.text,
  display: 'grid',
  gridTemplateColumns: 'minmax(340px, 440px) minmax(0, 1fr)',
  gap: 24,
  padding: '24px 32px 48px',
  maxWidth: 1600,
  margin: '0 auto',
  [media.wide]: { gridTemplateColumns: 'minmax(380px, 480px) minmax(0, 1fr)' },
  [media.tablet]: { gridTemplateColumns: 'minmax(300px, 380px) minmax(0, 1fr)', padding: '20px 20px 40px', gap: 16 },
  // below 960 the Generate List beside the form would be a narrow strip: the list goes below it
  [media.compact]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)', padding: '16px 12px 32px', gap: 16 },
} as const;

const formCss = {
  display: 'flex',
  flexDirection: 'column',
  gap: 20,
  padding: 20,
  borderRadius: theme.radiusLarge,
  background: theme.surface,
  border: `1px solid ${theme.border}`,
  alignSelf: 'start',
  [media.phone]: { padding: 14 },
} as const;

function CreateScreenBody({ mode }: { mode: CreateMode }) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const spec = MODES[mode];
  const { draft, form, patch, setBusy, setImage, musicTab, setMusicTab } = useCreateForm(mode);
  const [goBackOpen, setGoBackOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);

  const list = useGenerateList(mode);
  // 'Make the same' / 'Go create': the item's settings fill the form; its tasks record where they came from
  const origin = usePrefill(mode, patch);
  const call = useMemo(() => buildCreate(mode, form), [mode, form]);
  const costReady = mode !== 'video-to-anime' || Boolean(form.video);
  const cost = useCost(call.algorithm, call.costQuery, costReady);
  const refreshCost = useCallback(async () => (costReady ? ((await cost.refresh()) ?? null) : null), [cost, costReady]);
  const generation = useGenerate({ mode, form, list, refreshCost, origin });
  const offer = cost.engine;
  // settings the engine cannot honour are disabled; a form already set to one comes back within its limits
  useEffect(() => {
    const change = fitForm(offer, form, { resolutions: spec.resolution?.options, durations: spec.duration?.options, musicDurations: MUSIC_DURATION.options });
    if (change) patch(change);
    if (form.images.end && refuses(offer, 'end_frame')) setImage('end', undefined);
  }, [offer, form, spec, patch, setImage]);

  const { clearError, lastLatencyMs } = generation;
  // where the list is below the form (one column, below 960): bring the new task into view
  useEffect(() => {
    if (lastLatencyMs === null || shell.viewport.width >= BREAKPOINT.compact) return;
    document.getElementById('generate-list-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [lastLatencyMs, generation.createdCount, shell]);
  // a new input makes the last refusal stale
  useEffect(() => clearError(), [draft, musicTab, clearError]);

  const styleWords = spec.styles === 'image' ? countWords(IMAGE_STYLES.find((style) => style.id === form.imageStyle)?.words ?? '') : 0;
  const audioTasks = list.tasks.filter((task) => task.status === 'success' && task.outputs.some((output) => output.media === 'audio'));

  function goBack() {
    if (list.running > 0 || formTouched(form)) setGoBackOpen(true);
    else shell.navigate(routePath('Home'));
  }

  function editTrack(task: Task) {
    setEditOpen(false);
    const track = trackSettings(task, form.musicDuration);
    patch(track.patch);
    setMusicTab(track.tab);
    shell.toast.info('The track’s settings are in the form: change them and generate again.');
  }

  return (
    <div css={screenCss}>
      <form
        aria-labelledby="create-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void generation.generate();
        }}
        css={formCss}
      >
        <CreateHeader spec={spec} onBack={goBack} />
        {/* the music form has its own, in its Music tab */}
        {mode !== 'text-to-music' ? <TemplatePickerButton mode={mode} /> : null}

        {mode === 'text-to-music' ? (
          <>
            <MusicForm form={form} patch={patch} onTabChange={setMusicTab} offer={offer} />
            <Button variant="ghost" onClick={() => setEditOpen(true)}>
              Edit a previous track
            </Button>
          </>
        ) : null}

        <MediaInputs modeKey={mode} spec={spec} form={form} setImage={setImage} setVideo={(video) => patch({ video })} setBusy={setBusy} offer={offer} />

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

        <ModeSettings mode={mode} spec={spec} form={form} patch={patch} offer={offer} />
        {costReady && cost.cost?.preview ? <PreviewNotice /> : null}
        {offer ? <EngineNotice offer={offer} /> : null}

        <GenerateBar cost={costReady ? cost.cost : null} costPending={costReady && cost.pending} costError={costReady ? cost.error : null} loggedIn={session.flags.isLogin} phase={generation.phase} error={generation.error} onGenerate={() => void generation.generate()} />

        <ExamplesSection demoKey={mode === 'text-to-music' && musicTab === 'song' ? SONG_ALGORITHM : spec.algorithm} title={spec.title} />
      </form>

      <GenerateList list={list} />

      <LeaveGuards running={list.running} undownloaded={list.undownloaded} goBackOpen={goBackOpen} closeGoBack={() => setGoBackOpen(false)} />
      {editOpen ? <AudioEditDialog tasks={audioTasks} onCancel={() => setEditOpen(false)} onPick={editTrack} /> : null}
    </div>
  );
}
