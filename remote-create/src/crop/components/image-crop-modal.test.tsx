import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { USER_TEXTS, type CropResult } from 'shared-contracts';
import { renderWithShell } from '../../../../test-support/shell-double';
import { prepareWorkingImage } from '../utils/crop-image';
import { ImageCropModal } from './image-crop-modal';

jest.mock('../utils/crop-image', () => {
  const actual = jest.requireActual('../utils/crop-image');
  return { ...actual, prepareWorkingImage: jest.fn() };
});
const prepare = prepareWorkingImage as jest.MockedFunction<typeof prepareWorkingImage>;

// jsdom does no layout: the modal fits the image into its fallback viewport of 640x400
function working(width = 1000, height = 500) {
  prepare.mockResolvedValue({ src: 'blob:work', type: 'image/png', width, height, release: jest.fn() });
}

async function open(props: Partial<Parameters<typeof ImageCropModal>[0]> = {}) {
  const onConfirm = jest.fn<void, [CropResult]>();
  const onCancel = jest.fn();
  const view = renderWithShell(<ImageCropModal file={new Blob(['x'], { type: 'image/png' })} onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  await screen.findByRole('img', { name: 'The image being cropped' });
  return { ...view, onConfirm, onCancel };
}

afterEach(() => jest.restoreAllMocks());

describe('ImageCropModal', () => {
  it('is a modal dialog with the zoom from fit to 5x fit in tenths', async () => {
    working();
    await open();
    expect(screen.getByRole('dialog', { name: 'Crop image' })).toHaveAttribute('aria-modal', 'true');
    const slider = screen.getByRole('slider', { name: 'Zoom' });
    // fit = min(640 / 1000, 400 / 500) = 0.64
    expect(Number(slider.getAttribute('min'))).toBeCloseTo(0.64);
    expect(Number(slider.getAttribute('max'))).toBeCloseTo(3.2);
    expect(Number(slider.getAttribute('data-step'))).toBeCloseTo(0.256);
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(Number((slider as HTMLInputElement).value)).toBeCloseTo(0.896);
    fireEvent.wheel(screen.getByTestId('crop-viewport'), { deltaY: -100 });
    expect(Number((slider as HTMLInputElement).value)).toBeCloseTo(1.096);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(Number((slider as HTMLInputElement).value)).toBeCloseTo(0.84);
    fireEvent.keyDown(slider, { key: 'End' });
    expect(Number((slider as HTMLInputElement).value)).toBeCloseTo(3.2);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    fireEvent.wheel(screen.getByTestId('crop-viewport'), { deltaY: -100 });
    expect(Number((slider as HTMLInputElement).value)).toBeCloseTo(3.2);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(Number((slider as HTMLInputElement).value)).toBeCloseTo(0.64);
  });

  it('offers the aspect choices within the ratio bounds, and none in multiple mode', async () => {
    working();
    const first = await open({ minRatio: 1, maxRatio: 2 });
    const group = screen.getByRole('group', { name: 'Aspect ratio' });
    expect([...group.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['16:9', '1:1', '4:3']);
    first.unmount();
    working();
    await open({ multiple: true });
    expect(screen.queryByRole('group', { name: 'Aspect ratio' })).toBeNull();
  });

  it("says 'canvas getContext fail' when the canvas cannot be used", async () => {
    working();
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onConfirm, shell } = await open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_TEXTS.CANVAS_FAIL);
    expect(shell.toast.error).toHaveBeenCalledWith(USER_TEXTS.CANVAS_FAIL);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith('[crop] could not crop the image', expect.any(Error));
  });

  it('answers the crop of the working image: the default area centred inside the image', async () => {
    working();
    const drawImage = jest.fn();
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback: BlobCallback) {
      callback(new Blob(['png'], { type: 'image/png' }));
    });
    const { onConfirm } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    const result = onConfirm.mock.calls[0][0];
    // 412 screen px at fit 0.64 is 643.75 image px, more than the 500 px height: shrunk to 500x500
    expect(result).toMatchObject({ naturalWidth: 1000, naturalHeight: 500, x: 250, y: 0, w: 500, h: 500 });
    expect(result.record).toEqual({ picture: { width: 1000, height: 500 }, clip: { x: 250, y: 0, w: 500, h: 500, scale: 1, aspect: null } });
    expect(result.image.type).toBe('image/png');
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLImageElement), 250, 0, 500, 500, 0, 0, 500, 500);
  });

  it('applies a chosen aspect to the answer and cancels on Escape', async () => {
    working();
    const drawImage = jest.fn();
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
    jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback: BlobCallback) {
      callback(new Blob(['png'], { type: 'image/png' }));
    });
    const { onConfirm, onCancel } = await open();
    fireEvent.click(screen.getByRole('button', { name: '16:9' }));
    expect(screen.getByRole('button', { name: '16:9' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    const result = onConfirm.mock.calls[0][0];
    expect(result.w / result.h).toBeCloseTo(16 / 9, 1);
    expect(result.record.clip.aspect).toBeCloseTo(16 / 9);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('never lets a crop below the smallest picture the server takes be confirmed (128 px a side)', async () => {
    // a strip 100 px high: any crop of it is below 128 px
    working(1000, 100);
    await open();
    expect(screen.getByTestId('crop-too-small')).toHaveTextContent('The crop must be at least 128 × 128 px, the smallest picture accepted.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('refuses Confirm once the selection is dragged below 128 image px a side, and says why', async () => {
    working(1000, 500);
    await open();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    const handle = screen.getByRole('button', { name: 'Resize from the bottom right' });
    for (let i = 0; i < 60; i += 1) {
      fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
      fireEvent.keyDown(handle, { key: 'ArrowUp', shiftKey: true });
    }
    expect(screen.getByTestId('crop-too-small')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});
