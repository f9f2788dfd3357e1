import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createModalStore } from './modal-store';
import { ModalRoot } from './modal-root';

function body(text: string) {
  return (close: () => void) => (
    <div>
      <p>{text}</p>
      <button type="button">first of {text}</button>
      <button type="button" onClick={close}>
        close {text}
      </button>
    </div>
  );
}

describe('modal stack rules', () => {
  it('keeps one modal per type: showing an open type replaces it in place', () => {
    const store = createModalStore();
    store.show('a', body('A1'), { label: 'A' });
    store.show('b', body('B'), { label: 'B' });
    store.show('a', body('A2'), { label: 'A again' });
    expect(store.stack().map((m) => m.type)).toEqual(['a', 'b']);
    expect(store.stack()[0].options.label).toBe('A again');
  });

  it('hide(type) removes that type and every later one, calling their onClose', () => {
    const store = createModalStore();
    const closed: string[] = [];
    for (const type of ['a', 'b', 'c', 'd']) store.show(type, body(type), { label: type, onClose: () => closed.push(type) });
    store.hide('b');
    expect(store.stack().map((m) => m.type)).toEqual(['a']);
    expect(closed).toEqual(['d', 'c', 'b']);
    store.hide('zzz');
    expect(store.stack()).toHaveLength(1);
  });

  it('locks page scrolling while any modal is open', () => {
    document.body.style.overflow = 'auto';
    const store = createModalStore();
    store.show('a', body('A'), { label: 'A' });
    store.show('b', body('B'), { label: 'B' });
    expect(document.body.style.overflow).toBe('hidden');
    store.hide('b');
    expect(document.body.style.overflow).toBe('hidden');
    store.hide('a');
    expect(document.body.style.overflow).toBe('auto');
  });
});

describe('modal host', () => {
  it('renders real dialogs; the backdrop closes only the image-play modal', async () => {
    const store = createModalStore();
    render(<ModalRoot store={store} />);
    act(() => store.show('confirm', body('Confirm'), { label: 'Confirm', closeOnBackdrop: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop-confirm'));
    expect(store.isOpen('confirm')).toBe(true);

    act(() => store.show('image-play', body('Play'), { label: 'Image' }));
    await screen.findByRole('dialog', { name: 'Image' });
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop-image-play'));
    expect(store.isOpen('image-play')).toBe(false);
    expect(store.isOpen('confirm')).toBe(true);
    act(() => store.hide('confirm'));
  });

  it('moves focus into the top dialog, keeps Tab inside it, and Escape closes only the top', async () => {
    const user = userEvent.setup();
    const store = createModalStore();
    render(
      <>
        <button type="button">page button</button>
        <ModalRoot store={store} />
      </>,
    );
    screen.getByText('page button').focus();
    act(() => store.show('a', body('A'), { label: 'A' }));
    await screen.findByRole('dialog', { name: 'A' });
    act(() => store.show('b', body('B'), { label: 'B' }));
    const top = await screen.findByRole('dialog', { name: 'B' });
    await waitFor(() => expect(screen.getByText('first of B')).toHaveFocus());
    await user.tab();
    expect(screen.getByText('close B')).toHaveFocus();
    await user.tab();
    expect(screen.getByText('first of B')).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByText('close B')).toHaveFocus();
    expect(top.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(store.stack().map((m) => m.type)).toEqual(['a']);
    await user.keyboard('{Escape}');
    expect(store.stack()).toHaveLength(0);
    await waitFor(() => expect(screen.getByText('page button')).toHaveFocus());
  });
});
