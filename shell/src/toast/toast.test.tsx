import { act, render, screen } from '@testing-library/react';
import { createToastStore } from './toast-store';
import { LazyToastViewport } from './lazy-toast-viewport';
import { ToastViewport } from './toast-viewport';

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('stacks toasts 70px apart starting at 100px, with status/alert roles', () => {
    const store = createToastStore();
    render(<ToastViewport store={store} />);
    act(() => {
      store.info('first');
      store.warn('second');
      store.success('third');
      store.error('fourth');
    });
    const first = screen.getByText('first');
    const second = screen.getByText('second');
    const third = screen.getByText('third');
    const fourth = screen.getByText('fourth');
    expect([first, second, third, fourth].map((el) => el.style.getPropertyValue('--toast-offset'))).toEqual(['100px', '170px', '240px', '310px']);
    expect(first).toHaveAttribute('role', 'status');
    expect(second).toHaveAttribute('role', 'alert');
    expect(third).toHaveAttribute('role', 'status');
    expect(fourth).toHaveAttribute('role', 'alert');
  });

  it('removes each toast after 3000 ms and moves the rest up', () => {
    const store = createToastStore();
    render(<ToastViewport store={store} />);
    act(() => store.info('one'));
    act(() => jest.advanceTimersByTime(1000));
    act(() => store.success('two'));
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('one')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('one')).not.toBeInTheDocument();
    expect(screen.getByText('two').style.getPropertyValue('--toast-offset')).toBe('100px');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('two')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    const store = createToastStore();
    render(<ToastViewport store={store} />);
    act(() => store.show('warn', 'long', 5000));
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('long')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('long')).not.toBeInTheDocument();
  });
});

describe('the toast stack loaded with the first toast', () => {
  it('renders nothing until a toast is raised, then shows it, one raised before it mounted included', async () => {
    const store = createToastStore();
    store.info('raised before the stack');
    const { container } = render(<LazyToastViewport store={store} />);
    expect(await screen.findByText('raised before the stack')).toHaveAttribute('role', 'status');
    act(() => store.error('later'));
    expect(screen.getByText('later')).toHaveAttribute('role', 'alert');
    expect(container).not.toBeEmptyDOMElement();
  });

  it('stays away while no toast was ever raised', () => {
    const { container } = render(<LazyToastViewport store={createToastStore()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
