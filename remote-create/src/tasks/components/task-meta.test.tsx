import { render, screen } from '@testing-library/react';
import { PREVIEW_LABEL } from 'shared-contracts';
import { makeTask } from '../../../test/tasks';
import { sameSeedCall } from '../hooks/use-same-seed';
import { EngineBadge } from '@studio/ui-kit/engine-badge';
import { formatWait, queueText } from './task-meta';

describe('what a task card says besides its media', () => {
  it('names the wait, the position and the estimate', () => {
    expect(queueText({ queue_wait: 'plan_slot', queue_position: 2, queue_estimate_seconds: 95 })).toBe('Waiting for a free slot of your plan · position 2 · done in about 2 min');
    expect(queueText({ queue_wait: 'worker', queue_position: 1, queue_estimate_seconds: 12 })).toBe('Waiting for a free worker · position 1 · done in about 10 s');
    expect(queueText({ queue_wait: null, queue_position: 3, queue_estimate_seconds: null })).toBe('Waiting in the queue · position 3');
    expect(formatWait(3 * 3600 + 60 * 5)).toBe('3 h 5 min');
  });

  it('badges every result with what made it, from its metadata only', () => {
    const local = makeTask({ status: 'success', engine: { name: 'local:procedural-art', note: 'A preview ...; no generative model ran.' } });
    const { rerender } = render(<EngineBadge engine={local.engine} />);
    expect(screen.getByTestId('engine-badge')).toHaveTextContent(PREVIEW_LABEL);
    rerender(<EngineBadge engine={{ name: 'comfyui', model: 'SDXL base 1.0', note: 'Generated on ComfyUI by SDXL base 1.0.' }} />);
    expect(screen.getByTestId('engine-badge')).toHaveTextContent('ComfyUI · SDXL base 1.0');
    expect(screen.getByTestId('engine-badge')).toHaveAttribute('title', 'Generated on ComfyUI by SDXL base 1.0.');
    rerender(<EngineBadge engine={{ name: 'local:esrgan', model: 'ESRGAN slim x2', note: 'Upscaled with ESRGAN' }} />);
    expect(screen.getByTestId('engine-badge')).toHaveTextContent('Local · ESRGAN slim x2');
    rerender(<EngineBadge engine={null} />);
    expect(screen.queryByTestId('engine-badge')).not.toBeInTheDocument();
  });

  it("'Same seed' sends the kept create call again with the task's seed, without its likes", () => {
    const task = makeTask({
      seed: 4242,
      user_data: { module: 'text-to-image', likeOrNotInfo: { task: 1 }, request: { algorithm: 'text2image', data: { prompt: 'a fox', num: 2 } } },
    });
    expect(sameSeedCall(task)).toEqual({
      algorithm: 'text2image',
      data: { prompt: 'a fox', num: 2, seed: 4242 },
      user_data: { module: 'text-to-image', request: { algorithm: 'text2image', data: { prompt: 'a fox', num: 2 } } },
    });
    expect(sameSeedCall(makeTask({ seed: 1 }))).toBeNull();
  });
});
