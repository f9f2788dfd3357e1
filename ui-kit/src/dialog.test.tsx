import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog, Dialog } from './dialog';

function Harness({ onClose = () => undefined, closeOnBackdrop = false }: { onClose?: (reason: string) => void; closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Buy credits"
        closeOnBackdrop={closeOnBackdrop}
        testId="buy"
        onClose={(reason) => {
          onClose(reason);
          setOpen(false);
        }}
      >
        <input aria-label="Amount" />
        <button type="button">Pay</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its title, takes the focus and gives it back on Escape', () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Buy credits' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'Buy credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith('escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps Tab inside, both ways', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const pay = screen.getByRole('button', { name: 'Pay' });
    pay.focus();
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(window, { key: 'Tab', shiftKey: true });
    expect(pay).toHaveFocus();
  });

  it('closes from its labelled close button, and from the backdrop only when allowed', () => {
    const onClose = jest.fn();
    const { unmount } = render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByTestId('buy-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenLastCalledWith('close-button');
    unmount();
    render(<Harness onClose={onClose} closeOnBackdrop />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('buy-backdrop'));
    expect(onClose).toHaveBeenLastCalledWith('backdrop');
  });

  it('Escape reaches only the dialog on top', () => {
    const outer = jest.fn();
    const inner = jest.fn();
    render(
      <>
        <Dialog title="Outer" onClose={outer}>
          <p>outer</p>
        </Dialog>
        <ConfirmDialog title="Leave?" message="Your prompt is lost." onCancel={inner} onConfirm={() => undefined} />
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Leave?' })).toHaveAccessibleDescription('Your prompt is lost.');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('a non-modal panel can keep Tab inside, carries its id and data attributes, and portals into its container', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    render(
      <Dialog title="Support" modal={false} trapFocus container={host} id="support" data={{ 'data-layout': 'phone' }} onClose={() => undefined}>
        <input aria-label="Question" data-autofocus />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Support' });
    expect(host).toContainElement(dialog);
    expect(dialog).toHaveAttribute('id', 'support');
    expect(dialog).toHaveAttribute('data-layout', 'phone');
    expect(dialog).not.toHaveAttribute('aria-modal');
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveFocus();
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    host.remove();
  });
});
