import { render, screen } from '@testing-library/react';
import { ShellContext, type Task } from 'shared-contracts';
import { createFakeShell } from '../../../test-support/shell-double';
import { useFaceCheck } from './use-face-check';

function Probe({ path }: { path: string }) {
  const check = useFaceCheck(path);
  return <p data-testid="check">{check.state === 'refused' ? check.message : check.state}</p>;
}

const done = (faces: number) => ({ task_id: 't1', algorithm: 'image_fkp', status: 'success', result_data: { kind: 'faces', faces: Array.from({ length: faces }, () => ({ box: [0, 0, 1, 1], score: 0.9, landmarks: [] })) } }) as unknown as Task;

describe('useFaceCheck', () => {
  it("checks the photo through the spec's face key points call (image_fkp create and result)", async () => {
    const shell = createFakeShell();
    shell.handlers.set('POST /v1/ai/create/{algorithm}', () => ({ ...done(0), status: 'queued' }));
    shell.handlers.set('GET /v1/ai/result/{kind}/{id}', () => done(1));
    render(
      <ShellContext.Provider value={shell}>
        <Probe path="u1/face.png" />
      </ShellContext.Provider>,
    );
    expect(await screen.findByText('ok', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(shell.callMock).toHaveBeenCalledWith('POST /v1/ai/create/{algorithm}', expect.objectContaining({ params: { algorithm: 'image_fkp' } }), expect.anything());
    expect(shell.callMock).toHaveBeenCalledWith('GET /v1/ai/result/{kind}/{id}', { params: { kind: 'image_fkp', id: 't1' } }, expect.anything());
  });

  it("refuses a photo without a face with the spec's text", async () => {
    const shell = createFakeShell();
    shell.handlers.set('POST /v1/ai/create/{algorithm}', () => done(0));
    render(
      <ShellContext.Provider value={shell}>
        <Probe path="u1/none.png" />
      </ShellContext.Provider>,
    );
    expect(await screen.findByText('Please upload images with face')).toBeInTheDocument();
  });
});
