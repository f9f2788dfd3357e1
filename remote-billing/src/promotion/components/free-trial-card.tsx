import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { FREE_TRIAL_REMOVE_MS, routePath, useShell } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { useAbPlan } from '../../lib/ab-test';
import { cardAudience, cardText, cardTimings, type TrialVariant } from '../utils/free-trial-card';

/** Variant A of the free_trial test (plan 1) is the one free image-to-video; a signed-in user's own trial list decides. */
function useVariant(): TrialVariant {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const plan = useAbPlan('free_trial');
  if (session.user) return session.user.freeTrails?.includes('image2video') ? 'A' : 'B';
  return plan === 1 ? 'A' : 'B';
}

type Phase = 'hidden' | 'shown' | 'collapsing' | 'removed';

/** The free-trial floating card with every timing of section 4 (see utils/free-trial-card.ts). */
export function FreeTrialCard() {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const viewport = useSnapshot(shell.viewport);
  const variant = useVariant();
  const [phase, setPhase] = useState<Phase>('hidden');
  const ref = useRef<HTMLElement>(null);
  const isLogin = session.flags.isLogin;
  const eligible = cardAudience({ isPhone: viewport.isPhone, isLogin, isNewUser: Boolean(session.user?.isNewUser), isSubscribed: session.flags.isSubscribed });

  useEffect(() => {
    if (!eligible) return;
    const { showAt, collapseAt } = cardTimings(isLogin);
    const timers = [window.setTimeout(() => setPhase((p) => (p === 'hidden' ? 'shown' : p)), showAt)];
    if (collapseAt !== null) timers.push(window.setTimeout(() => setPhase((p) => (p === 'shown' ? 'collapsing' : p)), collapseAt));
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [eligible, isLogin]);

  useEffect(() => {
    if (phase !== 'collapsing') return;
    const timer = window.setTimeout(() => setPhase('removed'), FREE_TRIAL_REMOVE_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  // on touch layouts a tap outside collapses it
  useEffect(() => {
    if (phase !== 'shown' || viewport.isDesktop) return;
    const onDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setPhase('collapsing');
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [phase, viewport.isDesktop]);

  if (!eligible || phase === 'hidden' || phase === 'removed') return null;
  // beside the sidebar, never over it: the page's main landmark starts where the sidebar ends
  const mainLeft = document.getElementById('shell-main')?.getBoundingClientRect().left ?? 0;
  const text = cardText(isLogin, variant);
  const act = () => {
    setPhase('collapsing');
    if (!isLogin) shell.bus.emit('account:login-required', { reason: 'free-trial-card', dialogType: 'register' });
    else if (variant === 'A') shell.navigate(routePath('ImageToVideo'));
    else shell.bus.emit('billing:open', { tab: 'membership', reason: 'free-trial-card' });
  };
  return (
    <aside
      ref={ref}
      aria-label="Free trial"
      data-testid="free-trial-card"
      data-phase={phase}
      css={{
        position: 'fixed',
        left: mainLeft + 24,
        bottom: 24,
        zIndex: 950,
        width: 300,
        padding: 16,
        borderRadius: 16,
        color: theme.text,
        background: theme.surface,
        border: `1px solid ${theme.border}`,
        boxShadow: theme.shadow,
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        transition: `opacity ${FREE_TRIAL_REMOVE_MS}ms ease, transform ${FREE_TRIAL_REMOVE_MS}ms ease`,
        opacity: phase === 'collapsing' ? 0 : 1,
        transform: phase === 'collapsing' ? 'translateY(16px) scale(0.96)' : 'none',
        '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <strong css={{ flex: 1, fontSize: 16 }}>{text.title}</strong>
        <button type="button" aria-label="Close free trial card" onClick={() => setPhase('collapsing')} css={{ border: 0, background: 'transparent', color: theme.textMuted, cursor: 'pointer', padding: 4, borderRadius: 8, ...focusRing }}>
          <Glyph d={GLYPHS.close} size={16} />
        </button>
      </div>
      <p css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>{text.body}</p>
      <Button variant="primary" onClick={act}>
        {text.action}
      </Button>
    </aside>
  );
}
