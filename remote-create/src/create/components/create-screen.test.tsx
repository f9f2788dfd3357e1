import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { USER_TEXTS, type CreateMode } from 'shared-contracts';
import { renderWithShell } from '../../testing/shell-double';
import { checkImageFile } from '../utils/image-rules';
import { countWords } from '../utils/modes';
import { CreateScreen } from './create-screen';

function renderMode(mode: CreateMode, url = '/') {
  return renderWithShell(
    <MemoryRouter initialEntries={[url]}>
      <CreateScreen mode={mode} />
    </MemoryRouter>,
  );
}

describe('CreateScreen', () => {
  it('text to image: seven ratios with pixel sizes, quantity 1 to 4 with 4 chosen, a disabled Generate', () => {
    renderMode('text-to-image');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Text to Image');
    const ratios = screen.getByRole('group', { name: 'Aspect ratio' });
    expect(ratios).toHaveTextContent('9:16576x1024');
    expect(ratios).toHaveTextContent('2:3682x1023');
    expect(ratios.querySelectorAll('input[type=radio]')).toHaveLength(7);
    expect(screen.getByRole('radio', { name: '4' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '1' })).not.toBeChecked();
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate).toBeDisabled();
    expect(generate).toHaveAccessibleDescription('Generation is not available yet.');
  });

  it('counts prompt words against the limit and says when the prompt is too long', () => {
    renderMode('text-to-image');
    expect(screen.getByText('Describe your image within 50 words.')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Prompt' });
    fireEvent.change(box, { target: { value: Array.from({ length: 51 }, () => 'word').join(' ') } });
    expect(screen.getByText('51 / 50 words')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(USER_TEXTS.PROMPT_TOO_LONG);
  });

  it('video modes take a 200 word script; image to video has first and end frames', () => {
    renderMode('image-to-video');
    expect(screen.getByText('Describe your video script within 200 words.')).toBeInTheDocument();
    expect(screen.getByText('First frame')).toBeInTheDocument();
    expect(screen.getByText('End frame (optional)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Generate List' })).toBeInTheDocument();
  });

  it('music opens on the song tab with tab=song, with the lyrics rule', () => {
    renderMode('text-to-music', '/text-to-music?tab=song');
    expect(screen.getByRole('tab', { name: 'Song' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Lyrics' }), { target: { value: 'la la' } });
    expect(screen.getByRole('alert')).toHaveTextContent(USER_TEXTS.LYRICS_TOO_SHORT);
    fireEvent.click(screen.getByRole('tab', { name: 'Music' }));
    expect(screen.getByRole('radio', { name: '30 s' })).toBeChecked();
  });

  it('refuses unsupported image files with the spec text', () => {
    renderMode('image-to-image');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'clip.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent(USER_TEXTS.UNSUPPORTED_FORMAT);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('form rules', () => {
  it('counts words by whitespace', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  a  cat\non a\tmat ')).toBe(5);
  });
  it('accepts JPG, PNG, JPEG and WEBP under 50MB', () => {
    expect(checkImageFile({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImageFile({ name: 'a.JPEG', type: '', size: 1000 })).toBeNull();
    expect(checkImageFile({ name: 'a.bmp', type: 'image/bmp', size: 1000 })).toBe(USER_TEXTS.UNSUPPORTED_FORMAT);
    expect(checkImageFile({ name: 'a.webp', type: 'image/webp', size: 50 * 1024 * 1024 })).toBe('Please keep the file size below 50MB');
  });
});
