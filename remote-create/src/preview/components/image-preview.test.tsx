import { fireEvent, screen } from '@testing-library/react';
import { renderWithShell } from '../../../../test-support/shell-double';
import { ImagePreview } from './image-preview';

const images = [
  { src: 'blob:a', alt: 'First' },
  { src: 'blob:b', alt: 'Second' },
  { src: 'blob:c', alt: 'Third' },
];

describe('ImagePreview', () => {
  it('zooms by 0.2 between 0.25 and 4 and rotates by quarter turns', () => {
    renderWithShell(<ImagePreview images={images} index={0} onClose={jest.fn()} />);
    const image = screen.getByRole('img', { name: 'First' });
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(image).toHaveAttribute('data-zoom', '1.2');
    expect(screen.getByLabelText('Zoom level')).toHaveTextContent('120%');
    for (let i = 0; i < 6; i += 1) fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(image).toHaveAttribute('data-zoom', '0.25');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(image).toHaveAttribute('data-rotation', '180');
    expect(image.style.transform).toBe('scale(0.25) rotate(180deg)');
  });

  it('goes through the group with the buttons and the arrow keys, resetting zoom', () => {
    renderWithShell(<ImagePreview images={images} index={1} onClose={jest.fn()} />);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    expect(screen.getByRole('img', { name: 'Third' })).toHaveAttribute('data-zoom', '1');
    expect(screen.getByRole('button', { name: 'Next image' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('img', { name: 'First' })).toBeInTheDocument();
  });

  it('zooms with the wheel and closes on Escape', () => {
    const onClose = jest.fn();
    renderWithShell(<ImagePreview images={images} index={0} onClose={onClose} />);
    const image = screen.getByRole('img', { name: 'First' });
    fireEvent.wheel(image, { deltaY: -100 });
    expect(image).toHaveAttribute('data-zoom', '1.2');
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with two dialogs open, Escape closes only the top one, even with focus outside', () => {
    const below = jest.fn();
    const top = jest.fn();
    renderWithShell(
      <>
        <ImagePreview images={images} index={0} onClose={below} />
        <ImagePreview images={images} index={1} onClose={top} />
      </>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(top).toHaveBeenCalledTimes(1);
    expect(below).not.toHaveBeenCalled();
  });
});
