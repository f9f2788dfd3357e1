/**
 * The daily check-in panel: a popup on desktop, a modal on phones (layer 500). Claim, the success
 * animation, the upgrade prompt and go-create (ImageToImage with exploreId 1400).
 */
import { keyframes } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CHECKIN_CREDITS, CHECKIN_LAYER_Z, FEATURE_GUIDE_EXPLORE_ID, PREMIUM_MONTHLY_CREDITS, nextRoundTime, routePath } from 'shared-contracts';
import { Dialog } from '../../shared/components/dialog';
import { primaryButton, secondaryButton } from '../../shared/components/styles';
import { usePalette, type Palette } from '../../shared/lib/palette';
import type { AccountRuntime } from '../../app/runtime';
import { panelCredits, showUpgradePrompt } from '../lib/rules';

const CHECKIN_TITLE = 'Daily Check-in';
export const GO_CREATE_PATH = routePath('ImageToImage', {}, { exploreId: String(FEATURE_GUIDE_EXPLORE_ID) });
export const GUEST_CREDITS_TEXT = `Log in and check in every day to get ${CHECKIN_CREDITS.free} free credits.`;

const rise = keyframes({
  '0%': { opacity: 0, transform: 'translateY(12px) scale(0.8)' },
  '30%': { opacity: 1, transform: 'translateY(0) scale(1.15)' },
  '70%': { opacity: 1, transform: 'translateY(-8px) scale(1)' },
  '100%': { opacity: 0, transform: 'translateY(-28px) scale(1)' },
});
const sparkle = keyframes({
  '0%': { opacity: 0, transform: 'scale(0.2) rotate(0deg)' },
  '40%': { opacity: 1 },
  '100%': { opacity: 0, transform: 'scale(1.6) rotate(90deg)' },
});

function Celebration({ credits, accent }: { credits: number; accent: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="checkin-celebration"
      css={{ position: 'absolute', inset: 0, pointerEvents: 'none', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <span
          key={i}
          css={{
            position: 'absolute',
            left: `${15 + i * 14}%`,
            top: `${30 + ((i * 37) % 40)}%`,
            width: 10,
            height: 10,
            background: accent,
            clipPath: 'polygon(50% 0, 61% 39%, 100% 50%, 61% 61%, 50% 100%, 39% 61%, 0 50%, 39% 39%)',
            animation: `${sparkle} 1.2s ease-out ${i * 0.08}s both`,
          }}
        />
      ))}
      <span css={{ fontSize: 32, fontWeight: 800, color: accent, animation: `${rise} 1.6s ease-out both` }}>+{credits}</span>
    </div>
  );
}

/**
 * The desktop popup is not modal (it may appear by itself without taking the focus): Escape anywhere and a
 * press outside it close it, as they close the modal on phones. The gift button toggles it itself.
 */
function useDismiss(open: boolean, onClose: () => void, onPressOutside: () => void): void {
  // the latest handlers, read when a key or press comes (the listeners stay for as long as it is open)
  const handlers = useRef({ onClose, onPressOutside });
  handlers.current = { onClose, onPressOutside };
  useEffect(() => {
    if (!open) return undefined;
    const panel = () => document.querySelector('[data-testid="checkin-panel"]');
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape' && !event.defaultPrevented) handlers.current.onClose();
    }
    function onPointer(event: PointerEvent) {
      const target = event.target as Element | null;
      if (!target || panel()?.contains(target)) return;
      if (target.closest('[aria-label^="Daily check-in"]')) return;
      // a press inside another dialog (a toast, the purchase dialog) is not a press on the page
      if (target.closest('[role="dialog"]')) return;
      handlers.current.onPressOutside();
    }
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [open]);
}

/** True for 1.8 s after each new claim (`celebrate` counts them): the animation and the spoken "credits added". */
function useCelebrating(celebrate: number): boolean {
  const [celebrating, setCelebrating] = useState(false);
  const seen = useRef(celebrate);
  useEffect(() => {
    if (celebrate === seen.current) return undefined;
    seen.current = celebrate;
    setCelebrating(true);
    const timer = setTimeout(() => setCelebrating(false), 1800);
    return () => clearTimeout(timer);
  }, [celebrate]);
  return celebrating;
}

/** The upgrade prompt under the check-in's buttons (who sees it: showUpgradePrompt). */
function UpgradePrompt({ palette, onUpgrade }: { palette: Palette; onUpgrade(): void }) {
  return (
    <div css={{ borderTop: `1px solid ${palette.border}`, paddingTop: 12, display: 'flex', alignItems: 'center', gap: 12 }}>
      <p css={{ margin: 0, fontSize: 13, color: palette.textMuted, flex: 1 }}>
        Upgrade for up to {PREMIUM_MONTHLY_CREDITS} credits every month, watermark-free and faster.
      </p>
      <button type="button" css={secondaryButton(palette)} onClick={onUpgrade}>
        Upgrade
      </button>
    </div>
  );
}

export function CheckInPanel({ runtime }: { runtime: AccountRuntime }) {
  const { shell, checkin } = runtime;
  const view = useSnapshot(checkin.state);
  const session = useSnapshot(shell.session.state);
  const viewport = useSnapshot(shell.viewport);
  const palette = usePalette(shell);
  const celebrating = useCelebrating(view.celebrate);

  const isLogin = session.flags.isLogin;
  const level = session.planLevel;
  const credits = view.loaded ? view.credits : panelCredits(level);
  const checkedIn = view.status === 'checked_in';
  const soldOut = isLogin && view.loaded && view.isActivityActive && !view.todayAvailable && !checkedIn;
  const unavailable = view.loaded && !view.isActivityActive;
  const disabled = isLogin && (checkedIn || soldOut || unavailable);
  const upgrade = showUpgradePrompt({ level, isPhone: viewport.isPhone, inCheckInCountry: view.isActivityActive });

  const claimLabel = checkedIn ? 'Checked in' : view.claiming ? 'Claiming…' : 'Claim';
  useDismiss(
    view.open && !viewport.isPhone,
    () => checkin.closePanel(),
    () => checkin.hidePanel(),
  );

  return (
    <Dialog
      open={view.open}
      title={CHECKIN_TITLE}
      onClose={() => checkin.closePanel()}
      palette={palette}
      modal={viewport.isPhone}
      zIndex={CHECKIN_LAYER_Z}
      width={viewport.isPhone ? 'min(92vw, 360px)' : 360}
      placement={{ top: 72, right: 24 }}
      takeFocus={view.openedBy === 'user'}
      testId="checkin-panel"
    >
      <div css={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 12, marginTop: 12 }}>
        {isLogin ? (
          <p css={{ margin: 0 }}>
            {checkedIn ? (
              <>You have checked in today. Come back after {nextRoundTime(Date.now())} (your time) for more free credits.</>
            ) : (
              <>
                Check in today to get <strong data-testid="checkin-credits">{credits}</strong> free credits.
              </>
            )}
          </p>
        ) : (
          <p css={{ margin: 0 }}>{GUEST_CREDITS_TEXT}</p>
        )}
        {soldOut && (
          <p css={{ margin: 0, color: palette.textMuted, fontSize: 13 }}>
            Today&apos;s free check-in credits have all been claimed. A new round starts at {nextRoundTime(Date.now())} (your time).
          </p>
        )}
        {unavailable && (
          <p css={{ margin: 0, color: palette.textMuted, fontSize: 13 }}>Daily check-in is only available in selected countries.</p>
        )}
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <button
            type="button"
            data-autofocus
            css={primaryButton(palette)}
            // a signed-in claim is ignored while the status loads or a claim runs: say so by disabling it,
            // rather than taking a click and doing nothing (a guest's click opens the login at any time)
            disabled={disabled || (isLogin && (view.claiming || view.loading))}
            aria-busy={view.claiming || view.loading}
            onClick={() => void checkin.claim('checkin-panel')}
          >
            {claimLabel}
          </button>
          <button
            type="button"
            css={secondaryButton(palette)}
            onClick={() => {
              shell.track('miai_activity_interface_click', { activity: 'checkin', button: 'go_create' });
              checkin.closePanel();
              shell.navigate(GO_CREATE_PATH);
            }}
          >
            Go create
          </button>
        </div>
        {upgrade && <UpgradePrompt palette={palette} onUpgrade={() => shell.bus.emit('billing:open', { smart: true, reason: 'checkin' })} />}
        <p role="status" css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {celebrating ? `${view.lastGranted} credits added` : ''}
        </p>
        {celebrating && <Celebration credits={view.lastGranted} accent={palette.link} />}
      </div>
    </Dialog>
  );
}
