import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { USER_TEXTS, type Task, type TaskCostResponse } from 'shared-contracts';
import { FIRST_SCREEN_PRERENDER_ID } from 'shared-contracts/first-load';
import { callsTo, routeApi, signIn, type Handler } from '../../../test/api-double';
import { renderRoute } from '../../../../test-support/render-route';
import { createShellDouble } from '../../../../test-support/shell-double';
import { makeTask } from '../../../test/tasks';
import { CreateScreen } from './create-screen';
import { EngineNotice } from './generation-options';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const costOf = (cost: number, basis = 'test basis'): TaskCostResponse => ({ algorithm: 'x', cost, basis, free_for_plan: cost === 0 });
const passedCheck = (input: unknown) => {
  const algorithm = (input as { params: { algorithm: string } }).params.algorithm;
  if (algorithm.endsWith('sensitive_detect')) {
    return makeTask({ task_id: `check-${algorithm}`, algorithm, status: 'success', result_data: { kind: 'moderation', passed: true, checks: [], flagged: [] } });
  }
  return makeTask({ task_id: 'new-task', algorithm, status: 'queued', queue_position: 1, created_at: 500, balance: 96, user_data: { module: 'text-to-image', name: 'Text to Image' } });
};

async function setup(mode: Parameters<typeof CreateScreen>[0]['mode'], handlers: Partial<Record<string, Handler>>, options: { url?: string; credits?: number; loggedOut?: boolean; plan?: 'free' | 'standard' } = {}) {
  const shell = createShellDouble();
  if (!options.loggedOut) signIn(shell, { credits: options.credits ?? 100, plan: options.plan ?? 'standard' });
  routeApi(shell, {
    'POST /v1/ai/task': () => ({ list: [], paginate: { total: 0 } }),
    'GET /v1/common/prompt_sample': () => [],
    'GET /v1/common/demo/list': () => [],
    'POST /v1/ai/result/batch': () => [],
    ...handlers,
  });
  const events: Record<string, unknown[]> = {};
  for (const name of ['account:login-required', 'billing:open', 'credits:changed', 'tasks:changed'] as const) {
    events[name] = [];
    shell.bus.on(name, (payload) => events[name].push(payload));
  }
  const view = renderRoute(<CreateScreen mode={mode} />, { path: '/:page/:semantic?', url: options.url ?? `/${mode}`, shell });
  // the first loads (examples, samples, the list) have answered
  await screen.findByText(/^No examples for/);
  return { ...view, events };
}

const generate = () => fireEvent.click(screen.getByTestId('generate-button'));

describe('CreateScreen: text to image', () => {
  it('seven ratios with pixel sizes, quantity 1 to 4 with 4 chosen, and the server cost on Generate', async () => {
    const { shell } = await setup('text-to-image', { 'GET /v1/ai/cost/{algorithm}': () => costOf(4, '1 credit per image, 4 images') });
    const ratios = screen.getByRole('group', { name: 'Aspect ratio' });
    expect(ratios.querySelectorAll('input[type=radio]')).toHaveLength(7);
    expect(ratios).toHaveTextContent('9:16576x1024');
    expect(ratios).toHaveTextContent('3:21023x682');
    expect(within(screen.getByRole('group', { name: 'Number of images' })).getByRole('radio', { name: '4' })).toBeChecked();
    expect(await screen.findByTestId('generate-cost')).toHaveTextContent('4 credits');
    expect(screen.getByTestId('generate-button')).toHaveAccessibleDescription('1 credit per image, 4 images');
    expect(callsTo(shell, 'GET /v1/ai/cost/{algorithm}')[0]).toEqual({ params: { algorithm: 'text2image' }, query: { num: '4' } });
    fireEvent.click(within(screen.getByRole('group', { name: 'Number of images' })).getByRole('radio', { name: '2' }));
    await waitFor(() => expect(callsTo(shell, 'GET /v1/ai/cost/{algorithm}').some((input) => (input?.query as { num: string }).num === '2')).toBe(true));
  });

  it("replaces the first HTML's copy of the screen (the gateway's, from first-screen/server.tsx) when it is first drawn", async () => {
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_PRERENDER_ID;
    copy.innerHTML = '<form aria-labelledby="create-title"><h1 id="create-title">Text to Image</h1></form>';
    document.body.appendChild(copy);
    await setup('text-to-image', {}, { loggedOut: true });
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1, name: 'Text to Image' })).toHaveLength(1);
  });

  it('asks a visitor to log in and sends nothing', async () => {
    const { shell, events } = await setup('text-to-image', {}, { loggedOut: true });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: 'a red fox in the snow' } });
    generate();
    expect(events['account:login-required']).toEqual([{ reason: 'generate' }]);
    expect(callsTo(shell, 'POST /v1/ai/create/{algorithm}')).toHaveLength(0);
    expect(screen.getByText('Log in to generate and to see the cost.')).toBeInTheDocument();
  });

  it('refuses a prompt over 50 words with the spec text and makes no call', async () => {
    const { shell } = await setup('text-to-image', { 'GET /v1/ai/cost/{algorithm}': () => costOf(4) });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: words(51) } });
    expect(screen.getByText('51 / 50 words')).toBeInTheDocument();
    generate();
    expect(await screen.findByTestId('generate-error')).toHaveTextContent(USER_TEXTS.PROMPT_TOO_LONG);
    expect(callsTo(shell, 'POST /v1/ai/create/{algorithm}')).toHaveLength(0);
  });

  it('counts the style words against the limit', async () => {
    await setup('text-to-image', {});
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: words(48) } });
    fireEvent.click(screen.getByRole('radio', { name: 'Watercolor' }));
    expect(screen.getByText('50 / 50 words')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Oil painting' }));
    expect(screen.getByText('50 / 50 words')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Photographic' }));
    expect(screen.getByText('51 / 50 words')).toBeInTheDocument();
  });

  it('too few credits opens the purchase dialog and says so in a toast, without a create', async () => {
    const { shell, events } = await setup('text-to-image', { 'GET /v1/ai/cost/{algorithm}': () => costOf(4) }, { credits: 3 });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: 'a lighthouse at dusk' } });
    await screen.findByTestId('generate-cost');
    generate();
    await waitFor(() => expect(events['billing:open']).toEqual([{ tab: 'credits', reason: 'insufficient-credits' }]));
    expect(shell.toast.warn).toHaveBeenCalledWith('Not enough credits: this needs 4 credits and you have 3.');
    expect(callsTo(shell, 'POST /v1/ai/create/{algorithm}')).toHaveLength(0);
  });

  it('a prompt the text check refuses is not generated', async () => {
    const { shell } = await setup('text-to-image', {
      'GET /v1/ai/cost/{algorithm}': () => costOf(4),
      'POST /v1/ai/create/{algorithm}': () =>
        makeTask({ task_id: 'c1', algorithm: 't_sensitive_detect', status: 'success', result_data: { kind: 'moderation', passed: false, checks: [], flagged: ['x'] } }),
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: 'something flagged' } });
    generate();
    expect(await screen.findByTestId('generate-error')).toHaveTextContent(USER_TEXTS.NON_COMPLIANT);
    const creates = callsTo(shell, 'POST /v1/ai/create/{algorithm}');
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({ params: { algorithm: 't_sensitive_detect' }, body: { data: { prompt: 'something flagged' } } });
  });

  it('checks, creates with the shown cost, lists the task queued and follows it to success', async () => {
    let polled = 0;
    const done: Task = makeTask({
      task_id: 'new-task',
      status: 'success',
      progress: 100,
      created_at: 500,
      user_data: { module: 'text-to-image', name: 'Text to Image' },
      outputs: [{ file_path: 'u1/out.png', url: '/files/out.png', media: 'image', width: 1024, height: 1024, engine: 'local', watermarked: false }],
    });
    const { shell, events } = await setup('text-to-image', {
      'GET /v1/ai/cost/{algorithm}': () => costOf(4),
      'POST /v1/ai/create/{algorithm}': passedCheck,
      'POST /v1/ai/result/batch': () => {
        polled += 1;
        return polled === 1 ? [makeTask({ task_id: 'new-task', status: 'generating', progress: 40, created_at: 500, user_data: { module: 'text-to-image', name: 'Text to Image' } })] : [done];
      },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: 'a lighthouse at dusk' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Watercolor' }));
    await screen.findByTestId('generate-cost');
    generate();
    const card = await screen.findByTestId('task-card');
    const creates = callsTo(shell, 'POST /v1/ai/create/{algorithm}');
    expect(creates.map((input) => (input?.params as { algorithm: string }).algorithm)).toEqual(['t_sensitive_detect', 'text2image']);
    expect(creates[1]?.body).toMatchObject({
      data: { prompt: 'a lighthouse at dusk, watercolor painting', ratio: '1:1', num: 4 },
      user_data: { module: 'text-to-image', name: 'Text to Image', num: 4 },
      expected_cost: 4,
    });
    expect(events['credits:changed']).toEqual([{ credits: 96 }]);
    expect(events['tasks:changed'][0]).toEqual({ taskId: 'new-task', status: 'queued' });
    await waitFor(() => expect(card).toHaveAttribute('data-status', 'generating'));
    expect(within(card).getByRole('progressbar', { name: 'Generating' })).toHaveAttribute('aria-valuenow', '40');
    await waitFor(() => expect(screen.getByTestId('task-card')).toHaveAttribute('data-status', 'success'), { timeout: 5000 });
    expect(within(screen.getByTestId('task-card')).getByRole('button', { name: 'Preview image 1 of 1' })).toBeInTheDocument();
  });
});

describe('CreateScreen: watermark agreement', () => {
  it('a Free account agrees to the watermark once, then generates without the question', async () => {
    window.localStorage.clear();
    const { shell } = await setup('text-to-image', { 'GET /v1/ai/cost/{algorithm}': () => costOf(4), 'POST /v1/ai/create/{algorithm}': passedCheck }, { plan: 'free' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: 'a lighthouse at dusk' } });
    await screen.findByTestId('generate-cost');
    generate();
    const question = await screen.findByRole('dialog', { name: 'Results carry a watermark' });
    fireEvent.click(within(question).getByRole('button', { name: 'I understand' }));
    await screen.findByTestId('task-card');
    expect(window.localStorage.getItem('studio_watermark_agreement:u1')).not.toBeNull();
    generate();
    await waitFor(() => expect(callsTo(shell, 'POST /v1/ai/create/{algorithm}').filter((input) => (input?.params as { algorithm: string }).algorithm === 'text2image')).toHaveLength(2));
    expect(screen.queryByRole('dialog', { name: 'Results carry a watermark' })).toBeNull();
  });
});

describe('CreateScreen: image inputs', () => {
  it('refuses an unsupported file with the spec text and asks for no upload grant', async () => {
    const { shell } = await setup('image-to-image', {});
    const input = screen.getByLabelText('Image') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'clip.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent(USER_TEXTS.UNSUPPORTED_FORMAT);
    expect(callsTo(shell, 'GET /v1/common/oss/token')).toHaveLength(0);
    generate();
    expect(screen.getByTestId('generate-error')).toHaveTextContent('Please upload an image first');
  });
});

describe('CreateScreen: music and song', () => {
  it('opens on the song tab with tab=song and refuses short lyrics with the spec text', async () => {
    const { shell } = await setup('text-to-music', { 'GET /v1/ai/cost/{algorithm}': () => costOf(1) }, { url: '/text-to-music?tab=song' });
    expect(screen.getByRole('tab', { name: 'Song' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Lyrics' }), { target: { value: 'la la' } });
    expect(screen.getByRole('alert')).toHaveTextContent(USER_TEXTS.LYRICS_TOO_SHORT);
    generate();
    expect(await screen.findByTestId('generate-error')).toHaveTextContent(USER_TEXTS.LYRICS_TOO_SHORT);
    expect(callsTo(shell, 'POST /v1/ai/create/{algorithm}')).toHaveLength(0);
  });

  it('empty music: the spec text; the duration defaults to 30 s', async () => {
    await setup('text-to-music', {});
    expect(screen.getByRole('radio', { name: '30 s' })).toBeChecked();
    generate();
    expect(screen.getByTestId('generate-error')).toHaveTextContent(USER_TEXTS.MUSIC_EMPTY);
  });

  it('creates the track for the cost on the button, with no unlock prompt (nothing is locked)', async () => {
    const { shell } = await setup('text-to-music', { 'GET /v1/ai/cost/{algorithm}': () => costOf(1), 'POST /v1/ai/create/{algorithm}': passedCheck });
    fireEvent.change(screen.getByRole('textbox', { name: 'Describe the music' }), { target: { value: 'calm lo-fi piano with soft rain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Jazz' }));
    await screen.findByTestId('generate-cost');
    generate();
    await screen.findByTestId('task-card');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body).not.toHaveTextContent(/unlock the full audio/i);
    const create = callsTo(shell, 'POST /v1/ai/create/{algorithm}').find((input) => (input?.params as { algorithm: string }).algorithm === 'mai_tcm');
    expect(create?.body).toMatchObject({ data: { prompt: 'calm lo-fi piano with soft rain', duration: 30, style: 'jazz piano' }, expected_cost: 1 });
    expect((create?.body as { user_data: { fields: { field: string }[] } }).user_data.fields.map((f) => f.field)).toEqual(['prompt', 'duration', 'style', 'styleCoverLink']);
  });
});

describe('CreateScreen: Generate List actions and leave guards', () => {
  const running = makeTask({ task_id: 'run-1', status: 'generating', progress: null, created_at: 10, user_data: { module: 'text-to-image', name: 'Text to Image' } });

  it('leaving with a task in progress asks in the Reminder modal; Cancel stays, Leave goes', async () => {
    const { router } = await setup('text-to-image', { 'POST /v1/ai/task': () => ({ list: [running], paginate: { total: 1 } }), 'POST /v1/ai/result/batch': () => [running] });
    await screen.findByTestId('task-card');
    act(() => void router.navigate('/home'));
    const reminder = await screen.findByRole('dialog', { name: 'Reminder' });
    expect(reminder).toHaveTextContent(USER_TEXTS.TASK_IN_PROGRESS_LEAVE);
    fireEvent.click(within(reminder).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/text-to-image');
    act(() => void router.navigate('/home'));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reminder' })).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Home page' });
  });

  it('the browser asks too (beforeunload) while a task runs', async () => {
    await setup('text-to-image', { 'POST /v1/ai/task': () => ({ list: [running], paginate: { total: 1 } }), 'POST /v1/ai/result/batch': () => [running] });
    await screen.findByTestId('task-card');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it("the go-back modal 'Exit current mission' guards a started form; Yes goes home", async () => {
    const { router } = await setup('text-to-image', {});
    fireEvent.change(screen.getByRole('textbox', { name: 'Prompt' }), { target: { value: 'a draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    const dialog = screen.getByRole('dialog', { name: 'Exit current mission' });
    expect(dialog).toHaveTextContent('Returning to the home page will discard your current task. Are you sure you want to return?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('restart asks first (No/Yes), then cancels and runs the task again', async () => {
    const { shell } = await setup('text-to-image', {
      'POST /v1/ai/task': () => ({ list: [running], paginate: { total: 1 } }),
      'POST /v1/ai/result/batch': () => [running],
      'POST /v1/ai/cancel/{id}': () => ({ ...running, status: 'cancelled' }),
      'POST /v1/ai/retry': () => ({ ...running, status: 'queued', queue_position: 2, balance: 90 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Restart' }));
    const confirm = screen.getByRole('dialog', { name: 'Restart' });
    expect(confirm).toHaveTextContent(USER_TEXTS.RESTART_CONFIRM);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(shell, 'POST /v1/ai/retry')).toEqual([{ body: { task_id: 'run-1' } }]));
    expect(callsTo(shell, 'POST /v1/ai/cancel/{id}')).toEqual([{ params: { id: 'run-1' } }]);
  });

  it("a delete that fails says 'Task Deletion Failed' and keeps the task", async () => {
    const failed = makeTask({ task_id: 'f-1', status: 'failure', reason: USER_TEXTS.GENERATION_FAILED_LATER, user_data: { module: 'text-to-image' } });
    const { shell } = await setup('text-to-image', {
      'POST /v1/ai/task': () => ({ list: [failed], paginate: { total: 1 } }),
      'POST /v1/ai/del/{id}': () => {
        throw new Error('boom');
      },
    });
    expect(await screen.findByText(USER_TEXTS.GENERATION_FAILED_LATER)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Delete/ }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shell.toast.error).toHaveBeenCalledWith(USER_TEXTS.TASK_DELETION_FAILED));
    expect(screen.getByTestId('task-card')).toBeInTheDocument();
  });

  it('like, dislike and cancel are saved with data_save (1, 0, -1)', async () => {
    const done = makeTask({ task_id: 's-1', status: 'success', user_data: { module: 'text-to-image' }, outputs: [{ file_path: 'u1/a.png', url: '/a.png', media: 'image', engine: 'local', watermarked: false }] });
    const { shell } = await setup('text-to-image', { 'POST /v1/ai/task': () => ({ list: [done], paginate: { total: 1 } }), 'POST /v1/ai/task/data_save': () => null });
    const like = await screen.findByRole('button', { name: 'Like' });
    fireEvent.click(like);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(screen.getByRole('button', { name: 'Dislike' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dislike' })).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(screen.getByRole('button', { name: 'Dislike' }));
    await waitFor(() => expect(callsTo(shell, 'POST /v1/ai/task/data_save')).toHaveLength(3));
    expect(callsTo(shell, 'POST /v1/ai/task/data_save').map((input) => (input?.body as { user_data: { like: number } }).user_data.like)).toEqual([1, 0, -1]);
  });
});

describe('CreateScreen: the engine that will run it (issue 19)', () => {
  const wan = (extra: Partial<NonNullable<TaskCostResponse['engine']>> = {}): TaskCostResponse => ({
    ...costOf(10),
    engine: { name: 'comfyui', model: 'Wan 2.1 T2V 1.3B', refused: [{ name: 'audio', label: 'Generate audio' }], resolutions: ['360p', '540p', '720p'], ...extra },
  });

  it('names the model before Generate, and disables what it cannot do', async () => {
    await setup('text-to-video', { 'GET /v1/ai/cost/{algorithm}': () => wan() });
    expect(await screen.findByTestId('engine-notice')).toHaveTextContent('Made on ComfyUI by Wan 2.1 T2V 1.3B. Not available with this model: Generate audio.');
    expect(screen.getByTestId('audio-toggle')).toBeDisabled();
    const resolution = screen.getByRole('group', { name: 'Resolution' });
    expect(within(resolution).getByRole('radio', { name: /1080p/ })).toBeDisabled();
    expect(within(resolution).getByRole('radio', { name: /720p/ })).toBeEnabled();
    expect(resolution).toHaveTextContent('Not with Wan 2.1 T2V 1.3B');
  });

  it('brings a form set beyond the engine back within it, so nothing is sent that would be refused', async () => {
    const { shell } = await setup('text-to-video', { 'GET /v1/ai/cost/{algorithm}': (input) => ((input?.query as { resolution?: string }).resolution === '1080p' ? costOf(10) : wan()) });
    // the local engine first (a 1080p cost without an engine), then ComfyUI for 720p
    fireEvent.click(within(screen.getByRole('group', { name: 'Resolution' })).getByRole('radio', { name: /1080p/ }));
    await screen.findByTestId('engine-notice');
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Resolution' })).getByRole('radio', { name: /720p/ })).toBeChecked());
    expect(callsTo(shell, 'GET /v1/ai/cost/{algorithm}').at(-1)?.query).toMatchObject({ resolution: '720p' });
  });

  it("says what this server's own engine does (video to anime's cost answer), and nothing for a bare local offer (issue 21)", () => {
    const summary = 'No AI model redraws the clip on this server: ffmpeg filters restyle every frame (smoothing, posterising, outlines).';
    const { unmount } = renderRoute(<EngineNotice offer={{ name: 'local', summary }} />);
    expect(screen.getByTestId('engine-notice')).toHaveTextContent(`On this server: ${summary}`);
    unmount();
    renderRoute(<EngineNotice offer={{ name: 'local' }} />);
    expect(screen.queryByTestId('engine-notice')).toBeNull();
  });

  it('offers no end frame where the image to video model cannot take one', async () => {
    await setup('image-to-video', { 'GET /v1/ai/cost/{algorithm}': () => wan({ model: 'Wan 2.1 I2V 480p 14B', refused: [{ name: 'audio', label: 'Generate audio' }, { name: 'end_frame', label: 'An end frame' }] }) });
    expect(await screen.findByTestId('end-frame-unavailable')).toHaveTextContent('End frame: not with wan 2.1 i2v 480p 14b');
    expect(screen.queryByText('End frame (optional)')).not.toBeInTheDocument();
  });

  it('offers no Retry on a task that failed for good', async () => {
    const permanent = makeTask({ task_id: 'p-1', status: 'failure', reason: USER_TEXTS.GENERATION_FAILURE, retryable: false, user_data: { module: 'text-to-image' } });
    const temporary = makeTask({ task_id: 't-1', status: 'failure', reason: USER_TEXTS.GENERATION_FAILED_LATER, retryable: true, user_data: { module: 'text-to-image' } });
    await setup('text-to-image', { 'POST /v1/ai/task': () => ({ list: [permanent, temporary], paginate: { total: 2 } }) });
    const cards = await screen.findAllByTestId('task-card');
    expect(within(cards.find((card) => card.textContent?.includes(USER_TEXTS.GENERATION_FAILURE) && !card.textContent.includes('later'))!).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(cards.find((card) => card.textContent?.includes(USER_TEXTS.GENERATION_FAILED_LATER))!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
