import { useEffect, useState } from 'react';
import { useShell } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '@studio/ui-kit/dialog';
import { theme } from '@studio/ui-kit/theme';
import { useMarketing } from '../api/promotions';
import { trackActivityClick, useActivityExposure } from '../utils/activity-events';
import { onFirstEngagement, whenNoModal } from '../utils/first-engagement';
import { localDate, readPromotionFlag, recordClosed, recordShown } from '../utils/promotion-flags';
import { countdown, mayShowPlacement, opensPurchaseDialog, popupPlacement } from '../utils/rules';
import { useArtUrl, useViewer } from './promotion-slot';

function Countdown() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = countdown(now);
  return (
    <p aria-label={`Ends in ${left.h} hours ${left.m} minutes ${left.s} seconds`} css={{ margin: 0, display: 'flex', gap: 6, justifyContent: 'center', fontVariantNumeric: 'tabular-nums' }}>
      {[left.h, left.m, left.s].map((unit, i) => (
        <span key={i} aria-hidden="true" css={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          <span css={{ padding: '6px 10px', borderRadius: 8, background: theme.surfaceRaised, fontSize: 22, fontWeight: 800 }}>{unit}</span>
          {i < 2 ? <span css={{ fontWeight: 800 }}>:</span> : null}
        </span>
      ))}
    </p>
  );
}

/**
 * The start-up pop-up (desktop for logged-in users of the campaign audience, the phone pop-up on phones):
 * 'Up to {X} OFF', 'Limited Time', the countdown and 'Upgrade Now'; once a day, hidden 24 h after closing.
 * The phone pop-up waits for the visitor's first scroll; neither opens over another dialog.
 */
export function StartupPopup() {
  const shell = useShell();
  const viewer = useViewer();
  const art = useArtUrl();
  const placement = popupPlacement(viewer, Date.now());
  const items = useMarketing(viewer.isPhone ? 'wap' : '');
  const item = items.find((entry) => entry.is_pop);
  const [state, setState] = useState<'waiting' | 'open' | 'done'>('waiting');
  // the phone pop-up opens once the visitor has engaged with the page (utils/first-engagement.ts)
  const [engaged, setEngaged] = useState(false);
  const waitsForEngagement = placement === 'mobile_popup' && !engaged;
  useEffect(() => (waitsForEngagement ? onFirstEngagement(() => setEngaged(true)) : undefined), [waitsForEngagement]);
  // never over another dialog (the login frame, the purchase dialog): it waits until that one is closed
  const [clear, setClear] = useState(false);
  const wanted = state === 'waiting' && Boolean(placement && item) && !waitsForEngagement;
  useEffect(() => (wanted && !clear ? whenNoModal(() => setClear(true)) : undefined), [wanted, clear]);
  useEffect(() => {
    if (state !== 'waiting' || !placement || !item || waitsForEngagement || !clear) return;
    if (!mayShowPlacement(readPromotionFlag(placement), Date.now(), localDate(Date.now()))) {
      setState('done');
      return;
    }
    recordShown(placement, Date.now());
    setState('open');
  }, [state, placement, item, waitsForEngagement, clear]);
  useActivityExposure(item?.title ?? null, placement ?? 'popup', state === 'open');
  if (state !== 'open' || !placement || !item) return null;
  const close = () => {
    recordClosed(placement, Date.now());
    setState('done');
  };
  const discount = item.discount || (/(\d+%)/.exec(item.title)?.[1] ?? '');
  return (
    <Dialog title={`Up to ${discount} OFF`} onClose={close} width={420} testId="promotion-popup">
      <div css={{ display: 'flex', flexDirection: 'column', gap: 14, textAlign: 'center' }}>
        {item.image ? <img src={art(item.image)} alt="" css={{ width: '100%', borderRadius: 12, aspectRatio: '2 / 1', objectFit: 'cover' }} /> : null}
        <p css={{ margin: 0, fontWeight: 700, letterSpacing: 1, textTransform: 'uppercase', color: theme.textMuted }}>Limited Time</p>
        <Countdown />
        <Button
          variant="primary"
          css={{ minHeight: 44 }}
          onClick={() => {
            trackActivityClick(shell, item.title, 'upgrade_now', placement);
            close();
            if (opensPurchaseDialog(item.turn_url)) shell.bus.emit('billing:open', { tab: 'membership', reason: placement });
            else shell.navigate(item.turn_url);
          }}
        >
          Upgrade Now
        </Button>
      </div>
    </Dialog>
  );
}
