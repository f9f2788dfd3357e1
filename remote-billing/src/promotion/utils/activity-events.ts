/**
 * The activity events of spec section 7 for the promotions: the promotion data loaded
 * (miai_activity_interface_load, with the 30 s rule), a placement shown (…_expose, once per showing) and
 * a promotion pressed (…_click). The activity is the ad's activity or the campaign's title.
 */
import { useEffect, useRef } from 'react';
import { loadTimeOutcome, trackEvent, useShell, type ShellApi } from 'shared-contracts';

export function trackActivityLoad(shell: Pick<ShellApi, 'track'>, activity: string, startedAt: number, ok: boolean): void {
  const outcome = ok ? loadTimeOutcome(performance.now() - startedAt) : { result: 'fail' as const, load_time: loadTimeOutcome(0).load_time };
  trackEvent(shell, 'miai_activity_interface_load', { activity, ...outcome });
}

export function trackActivityClick(shell: Pick<ShellApi, 'track'>, activity: string, button: string, source: string): void {
  trackEvent(shell, 'miai_activity_interface_click', { activity, button, source });
}

/** Sends the expose event once each time the placement starts showing. */
export function useActivityExposure(activity: string | null, trigger: string, visible: boolean): void {
  const shell = useShell();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!visible || !activity) {
      sent.current = null;
      return;
    }
    if (sent.current === activity) return;
    sent.current = activity;
    trackEvent(shell, 'miai_activity_interface_expose', { activity, trigger });
  }, [shell, activity, trigger, visible]);
}
