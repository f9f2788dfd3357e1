import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createShellDouble, renderWithShell } from '../../../test-support/shell-double';
import { answerFor } from './faq';
import { loadScript } from './script-loader';
import { startCustomerChat } from './start-chat';
import { SupportPanel } from './support-panel';

describe('customer chat', () => {
  it("rejects with 'load error' when a vendor script fails, and tries again next time", async () => {
    const first = loadScript('https://chat.vendor.example/widget.js');
    const script = document.head.querySelector<HTMLScriptElement>('script[src="https://chat.vendor.example/widget.js"]')!;
    script.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('load error');
    const second = loadScript('https://chat.vendor.example/widget.js');
    document.head.querySelector<HTMLScriptElement>('script[src="https://chat.vendor.example/widget.js"]')!.dispatchEvent(new Event('load'));
    await expect(second).resolves.toBeUndefined();
  });

  it('answers from the FAQ and hands over to the feedback form', async () => {
    const user = userEvent.setup();
    const shell = createShellDouble();
    const feedback = jest.fn();
    shell.bus.on('account:open-feedback', feedback);
    renderWithShell(<SupportPanel shell={shell} />, shell);
    await user.click(screen.getByRole('button', { name: 'Customer support' }));
    const panel = screen.getByRole('dialog', { name: 'Support' });
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'can I get a refund?{Enter}');
    expect(panel).toHaveTextContent('30-day money-back guarantee');
    await user.click(screen.getByRole('button', { name: 'Contact our team (feedback form)' }));
    expect(feedback).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape and gives the focus back to the launcher', async () => {
    const user = userEvent.setup();
    renderWithShell(<SupportPanel shell={createShellDouble()} />);
    await user.click(screen.getByRole('button', { name: 'Customer support' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Customer support' })).toHaveFocus();
  });

  it('keeps Tab inside the open panel, which sits in the chat host (hidden off Home with it)', async () => {
    const user = userEvent.setup();
    const host = document.createElement('div');
    document.body.appendChild(host);
    renderWithShell(<SupportPanel shell={createShellDouble()} container={host} />);
    await user.click(screen.getByRole('button', { name: 'Customer support' }));
    const panel = screen.getByRole('dialog', { name: 'Support' });
    expect(host).toContainElement(panel);
    expect(panel).not.toHaveAttribute('aria-modal');
    // from the question: Ask, the feedback hand-over, then round to the panel's first control
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(panel).getByRole('button', { name: 'Contact our team (feedback form)' })).toHaveFocus();
    host.remove();
  });

  it('matches typed questions to an answer, or to none', () => {
    expect(answerFor('how many credits does a video cost')?.id).toBe('credits');
    expect(answerFor('what is the weather')).toBeNull();
    // the Free plan's daily limit, and how to lift it
    expect(answerFor('I reached the daily limit')?.answer).toMatch(/bought, or a membership, lifts the limit/);
  });

  it('appears once Home is visited and hides on every other route', async () => {
    const shell = createShellDouble();
    startCustomerChat(shell, { chatWidgetUrl: '', chatWidgetSelector: '' });
    await act(async () => shell.bus.emit('shell:route-changed', { path: '/explore' }));
    expect(document.getElementById('customer-chat')).toBeNull();
    expect(document.documentElement).not.toHaveAttribute('data-chat-launcher');
    act(() => shell.bus.emit('shell:route-changed', { path: '/home' }));
    // the launcher's corner is kept at once, before the chat's code arrives, so the page never moves for it
    expect(document.getElementById('customer-chat')).toBeNull();
    expect(document.documentElement).toHaveAttribute('data-chat-launcher');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    const host = document.getElementById('customer-chat')!;
    expect(host.hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Customer support' })).toBeInTheDocument();
    // while its launcher shows, the page keeps the launcher's corner free (the layout reads this mark)
    expect(document.documentElement).toHaveAttribute('data-chat-launcher');
    await act(async () => shell.bus.emit('shell:route-changed', { path: '/text-to-video' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(host.hidden).toBe(true);
    expect(document.documentElement).not.toHaveAttribute('data-chat-launcher');
  });
});
