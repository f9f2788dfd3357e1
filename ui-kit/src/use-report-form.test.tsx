import { act, renderHook } from '@testing-library/react';
import { useReportForm, type ReportFormOptions } from './use-report-form';

function setup(send: ReportFormOptions['send'] = jest.fn(async () => undefined)) {
  const onSent = jest.fn();
  const view = renderHook(() => useReportForm({ send, onSent, describeError: (failure) => `Failed: ${(failure as Error).message}` }));
  return { ...view, send, onSent };
}

describe('useReportForm', () => {
  it('is ready once a fixed reason is chosen, and sends it without a text', async () => {
    const { result, send, onSent } = setup();
    expect(result.current.ready).toBe(false);
    act(() => result.current.setReason('Fraud'));
    expect(result.current.ready).toBe(true);
    act(() => result.current.setOther('left over'));
    await act(() => result.current.submit());
    expect(send).toHaveBeenCalledWith('Fraud', '');
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('Other needs its text before it can be sent', async () => {
    const { result, send } = setup();
    act(() => result.current.setReason('Other'));
    expect(result.current.needsText).toBe(true);
    expect(result.current.ready).toBe(false);
    await act(() => result.current.submit());
    expect(send).not.toHaveBeenCalled();
    act(() => result.current.setOther('  It copies my work  '));
    await act(() => result.current.submit());
    expect(send).toHaveBeenCalledWith('Other', '  It copies my work  ');
  });

  it('says a failure, stays open, and can be sent again', async () => {
    const send = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    const { result, onSent } = setup(send);
    act(() => result.current.setReason('Fraud'));
    await act(() => result.current.submit());
    expect(result.current.error).toBe('Failed: offline');
    expect(result.current.busy).toBe(false);
    expect(onSent).not.toHaveBeenCalled();
    await act(() => result.current.submit());
    expect(result.current.error).toBeNull();
    expect(onSent).toHaveBeenCalledTimes(1);
  });
});
