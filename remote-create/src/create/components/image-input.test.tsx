import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_CODES, ApiError, USER_TEXTS, type UploadProgress } from 'shared-contracts';
import { AskHost } from '../../lib/ask-host';
import { USER_AGREEMENT_KEY } from '../../lib/local-flags';
import { routeApi, signIn } from '../../../test/api-double';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import type { UploadedMedia } from '../utils/form';
import { ImageInput } from './image-input';

jest.mock('../../uploads/utils/read-media', () => ({
  readImageSize: jest.fn(async (file: File) => {
    if (file.name.startsWith('broken')) throw new Error('Unsupported format');
    if (file.name.startsWith('huge')) return { width: 9000, height: 9000 };
    return { width: 640, height: 360 };
  }),
}));

const slot = { key: 'first' as const, label: 'First frame', required: true, dataKey: 'file_path' as const };
const png = (name = 'frame.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const grant = { upload_url: '/v1/common/oss/upload/u1/x.png?sig=1', oss_path: 'u1/x.png', expire_at: 0, max_size: 1, accept: ['image/png'] };

function setup() {
  const shell = createShellDouble();
  signIn(shell);
  routeApi(shell, { 'GET /v1/common/oss/token': () => grant });
  const onChange = jest.fn<void, [UploadedMedia | undefined]>();
  const billing: unknown[] = [];
  shell.bus.on('billing:open', (payload) => billing.push(payload));
  renderWithShell(
    <AskHost>
      <ImageInput slot={slot} algorithm="image2video" value={undefined} onChange={onChange} onBusyChange={jest.fn()} />
    </AskHost>,
    shell,
  );
  const input = screen.getByLabelText('First frame') as HTMLInputElement;
  return { shell, onChange, billing, pick: (file: File) => act(async () => void fireEvent.change(input, { target: { files: [file] } })) };
}

// jsdom has no object URLs; the thumbnail only needs a string
Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:thumbnail'), revokeObjectURL: jest.fn() });

beforeEach(() => window.localStorage.clear());

describe('image uploads', () => {
  it('asks the user agreement once, uploads with a progress bar and answers the stored path', async () => {
    const { shell, onChange, pick } = setup();
    let finish: (value: unknown) => void = () => undefined;
    shell.api.upload.mockImplementation((_url: string, _file: Blob, onProgress: (p: UploadProgress) => void) => {
      onProgress({ loaded: 50, total: 100 });
      return new Promise((resolve) => (finish = resolve));
    });
    await pick(png());
    const agreement = await screen.findByRole('dialog', { name: 'User agreement' });
    fireEvent.click(within(agreement).getByRole('button', { name: 'Agree' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading first frame' })).toHaveAttribute('aria-valuenow', '50');
    expect(shell.api.upload.mock.calls[0][0]).toBe(grant.upload_url);
    await act(async () => finish({ oss_path: 'u1/x.png', media: { width: 640, height: 360, duration: 0, format: 'png', size: 4, media: 'image', mime: 'image/png' } }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ ossPath: 'u1/x.png', width: 640, height: 360, media: 'image' })));
    expect(window.localStorage.getItem(USER_AGREEMENT_KEY)).not.toBeNull();
  });

  it('does not ask again once agreed, and Cancel uploads nothing', async () => {
    window.localStorage.setItem(USER_AGREEMENT_KEY, '1');
    const first = setup();
    first.shell.api.upload.mockImplementation(() => new Promise(() => undefined));
    await first.pick(png());
    expect(screen.queryByRole('dialog', { name: 'User agreement' })).toBeNull();
    await waitFor(() => expect(first.shell.api.upload).toHaveBeenCalled());
  });

  it('Cancel on the agreement uploads nothing', async () => {
    const { shell, pick } = setup();
    await pick(png());
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'User agreement' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shell.api.upload).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(USER_AGREEMENT_KEY)).toBeNull();
  });

  it("a full cloud storage opens 'Not enough space'; Upgrade Plan opens the membership tab", async () => {
    window.localStorage.setItem(USER_AGREEMENT_KEY, '1');
    const { shell, billing, pick } = setup();
    shell.api.upload.mockRejectedValue(new ApiError(USER_TEXTS.NOT_ENOUGH_SPACE, API_CODES.STORAGE_FULL, 403));
    await pick(png());
    const dialog = await screen.findByRole('dialog', { name: USER_TEXTS.NOT_ENOUGH_SPACE });
    expect(dialog).toHaveTextContent(USER_TEXTS.NOT_ENOUGH_SPACE_DETAIL);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade Plan' }));
    expect(billing).toEqual([{ tab: 'membership', reason: 'storage-full' }]);
  });

  it("shows the server's refusal text", async () => {
    window.localStorage.setItem(USER_AGREEMENT_KEY, '1');
    const { shell, pick } = setup();
    shell.api.upload.mockRejectedValue(new ApiError(USER_TEXTS.RESOLUTION_UNSUPPORTED, API_CODES.UNSUPPORTED_RESOLUTION, 422));
    await pick(png());
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_TEXTS.RESOLUTION_UNSUPPORTED);
  });

  it('refuses a file that does not decode, or is too large, before any call', async () => {
    const { shell, pick } = setup();
    await pick(png('broken.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_TEXTS.UNSUPPORTED_FORMAT);
    await pick(png('huge.png'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(USER_TEXTS.RESOLUTION_UNSUPPORTED));
    expect(shell.api.call).not.toHaveBeenCalled();
  });

  it('asks a visitor to log in instead of uploading', async () => {
    const shell = createShellDouble();
    const asked: unknown[] = [];
    shell.bus.on('account:login-required', (payload) => asked.push(payload));
    renderWithShell(
      <AskHost>
        <ImageInput slot={slot} algorithm="image2video" value={undefined} onChange={jest.fn()} onBusyChange={jest.fn()} />
      </AskHost>,
      shell,
    );
    await act(async () => void fireEvent.change(screen.getByLabelText('First frame'), { target: { files: [png()] } }));
    await waitFor(() => expect(asked).toEqual([{ reason: 'upload' }]));
    expect(shell.api.upload).not.toHaveBeenCalled();
  });
});
