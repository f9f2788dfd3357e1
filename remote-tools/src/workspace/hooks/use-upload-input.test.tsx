import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ShellContext, type TaskOutput } from 'shared-contracts';
import { STANDARD_VIDEO_LIMIT } from 'shared-contracts/upload-limits';
import { createShellDouble, type ShellDouble } from '../../../../test-support/shell-double';
import { useUploadInput } from './use-upload-input';

const LIMITS = [STANDARD_VIDEO_LIMIT];

function hook(shell: ShellDouble) {
  const wrapper = ({ children }: { children: ReactNode }) => <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>;
  return renderHook(() => useUploadInput('video_enhance', LIMITS), { wrapper });
}

const video = (extra: Partial<TaskOutput> = {}): TaskOutput => ({
  file_path: 'results/u1/clip.mp4',
  url: '/v1/common/oss/file/results/u1/clip.mp4',
  media: 'video',
  engine: 'local:test',
  watermarked: false,
  ...extra,
});

describe('useUploadInput: a creation picked from My Creations', () => {
  it('uses the measurements stored with it, asking the server nothing', async () => {
    const shell = createShellDouble();
    const { result } = hook(shell);
    await act(async () => {
      await result.current.chooseCreation(video({ width: 1280, height: 720, duration: 5 }));
    });
    expect(result.current.input).toMatchObject({ ossPath: 'results/u1/clip.mp4', width: 1280, height: 720, duration: 5 });
    expect(shell.api.call).not.toHaveBeenCalled();
  });

  it('asks the server to measure one stored without its measurements, and checks the limits with the answer', async () => {
    const shell = createShellDouble();
    shell.api.call.mockResolvedValue({ width: 1280, height: 720, duration: 300, format: 'mp4', size: 1000 });
    const { result } = hook(shell);
    await act(async () => {
      await result.current.chooseCreation(video());
    });
    expect(shell.api.call).toHaveBeenCalledWith('GET /v1/common/oss/mediainfo', { query: { oss_path: 'results/u1/clip.mp4' } }, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    // five minutes is beyond the tool's 60 seconds: refused here rather than by the server after Generate
    expect(result.current.input).toBeNull();
    expect(result.current.state).toMatchObject({ phase: 'error', message: expect.stringMatching(/up to 1 minute|up to 60 seconds/) });
  });

  it('takes it as stored when the server cannot measure it (the server checks again at Generate)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shell = createShellDouble();
    const { result } = hook(shell);
    await act(async () => {
      await result.current.chooseCreation(video());
    });
    expect(result.current.input).toMatchObject({ ossPath: 'results/u1/clip.mp4' });
    expect(warn).toHaveBeenCalledWith('[tools] media info unavailable', expect.anything());
    warn.mockRestore();
  });
});
