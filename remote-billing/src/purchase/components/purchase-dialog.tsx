import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { PURCHASE_DIALOG_WIDTH, useShell, type BuyTab } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/src/button';
import { focusRing, media, theme } from '@studio/ui-kit/src/theme';
import { useDialog } from '@studio/ui-kit/src/use-dialog';
import { PlanTable } from '../../plans/components/plan-table';
import { CREDIT_FACTS, PURCHASE_NOT_AVAILABLE, STANDARD_EXTRAS } from '../../plans/utils/plans';
import { tabOrder } from '../utils/tab';

const TAB_LABEL: Record<BuyTab, string> = { credits: 'Credits', membership: 'Membership' };
const BENEFITS = ['Watermark-free downloads', 'Ultra HD video and images', 'Frame interpolation', 'Up to 5 videos at once', 'Unlimited effects'];
const FOOTER_NOTES = ['Credits info: valid for 2 years', 'Secure payment', 'Support service', '30-day money-back guarantee'];

function Notice() {
  return (
    <p role="status" css={{ margin: 0, padding: '12px 14px', borderRadius: 10, border: `1px dashed ${theme.border}`, color: theme.text, background: theme.bg }}>
      {PURCHASE_NOT_AVAILABLE} Membership and credit packs cannot be bought here until checkout opens; nothing is charged.
    </p>
  );
}

function CreditsPanel() {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {session.flags.isLogin ? (
        <p css={{ margin: 0, fontSize: 16 }}>
          My credits: <strong>{session.flags.curCredits}</strong>
        </p>
      ) : null}
      <Notice />
      <ul css={{ margin: 0, paddingLeft: 20, display: 'flex', flexDirection: 'column', gap: 6, color: theme.textMuted, fontSize: 14 }}>
        {CREDIT_FACTS.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
    </div>
  );
}

function MembershipPanel() {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Notice />
      <PlanTable compact />
      <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>{STANDARD_EXTRAS}</p>
    </div>
  );
}

/**
 * The purchase dialog: about 960 px wide on desktop with a close button and the Credits and Membership
 * tabs; full screen on phones with a back arrow and the tabs the other way round. It states plainly that
 * purchasing is not available yet and shows the plan comparison.
 */
export function PurchaseDialog({ tab, onTabChange, onClose }: { tab: BuyTab; onTabChange(tab: BuyTab): void; onClose(): void }) {
  const shell = useShell();
  const viewport = useSnapshot(shell.viewport);
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialog(dialogRef, onClose);
  const tabs = tabOrder(viewport.isPhone);

  return createPortal(
    <div
      css={{ position: 'fixed', inset: 0, zIndex: 2500, background: theme.backdrop, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, [media.phone]: { padding: 0 } }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="purchase-dialog-title"
        tabIndex={-1}
        data-layout={viewport.isPhone ? 'phone' : 'desktop'}
        css={{
          width: `min(${PURCHASE_DIALOG_WIDTH}px, 100%)`,
          maxHeight: 'calc(100vh - 32px)',
          display: 'grid',
          gridTemplateColumns: '260px minmax(0, 1fr)',
          gridTemplateRows: 'minmax(0, 1fr)',
          overflow: 'hidden',
          borderRadius: 20,
          background: theme.surface,
          color: theme.text,
          border: `1px solid ${theme.border}`,
          boxShadow: theme.shadow,
          outline: 'none',
          [media.phone]: { width: '100%', height: '100%', maxHeight: 'none', borderRadius: 0, gridTemplateColumns: 'minmax(0, 1fr)', border: 0 },
        }}
      >
        <aside
          aria-label="Membership benefits"
          css={{
            padding: 24,
            color: '#ffffff',
            background: 'linear-gradient(160deg, #2a1670 0%, #1d1145 60%, #0f1b4d 100%)',
            display: 'flex',
            flexDirection: 'column',
            gap: 12,
            [media.phone]: { display: 'none' },
          }}
        >
          <p css={{ margin: 0, fontWeight: 700, fontSize: 18 }}>Membership benefits</p>
          <ul css={{ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 10, fontSize: 14 }}>
            {BENEFITS.map((benefit) => (
              <li key={benefit} css={{ display: 'flex', gap: 8 }}>
                <span aria-hidden="true">✓</span>
                {benefit}
              </li>
            ))}
          </ul>
        </aside>

        <div css={{ display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}>
          <div css={{ display: 'flex', alignItems: 'center', gap: 8, padding: '16px 20px', borderBottom: `1px solid ${theme.border}` }}>
            {viewport.isPhone ? (
              <Button variant="icon" aria-label="Back" onClick={onClose}>
                <Glyph d={GLYPHS.left} />
              </Button>
            ) : null}
            <h2 id="purchase-dialog-title" css={{ margin: 0, fontSize: 18, flex: 1 }}>
              Upgrade
            </h2>
            {viewport.isPhone ? null : (
              <Button variant="icon" aria-label="Close" onClick={onClose}>
                <Glyph d={GLYPHS.close} />
              </Button>
            )}
          </div>
          <div role="tablist" aria-label="Purchase type" css={{ display: 'flex', gap: 4, padding: '12px 20px 0' }}>
            {tabs.map((item) => {
              const selected = item === tab;
              return (
                <button
                  key={item}
                  type="button"
                  role="tab"
                  id={`purchase-tab-${item}`}
                  aria-selected={selected}
                  aria-controls={`purchase-panel-${item}`}
                  onClick={() => onTabChange(item)}
                  css={{
                    padding: '10px 16px',
                    border: 0,
                    borderBottom: `2px solid ${selected ? theme.link : 'transparent'}`,
                    background: 'transparent',
                    color: selected ? theme.text : theme.textMuted,
                    font: 'inherit',
                    fontWeight: 600,
                    cursor: 'pointer',
                    ...focusRing,
                  }}
                >
                  {TAB_LABEL[item]}
                </button>
              );
            })}
          </div>
          <div role="tabpanel" id={`purchase-panel-${tab}`} aria-labelledby={`purchase-tab-${tab}`} css={{ padding: 20, overflowY: 'auto', flex: 1 }}>
            {tab === 'credits' ? <CreditsPanel /> : <MembershipPanel />}
          </div>
          <ul
            aria-label="Purchase notes"
            css={{ margin: 0, padding: '12px 20px', listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '4px 16px', fontSize: 12, color: theme.textMuted, borderTop: `1px solid ${theme.border}` }}
          >
            {FOOTER_NOTES.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
          {viewport.isPhone ? (
            <div css={{ padding: 12, borderTop: `1px solid ${theme.border}` }}>
              <Button variant="primary" disabled aria-describedby="purchase-phone-note" css={{ width: '100%', minHeight: 48 }}>
                Subscribe
              </Button>
              <p id="purchase-phone-note" css={{ margin: '6px 0 0', fontSize: 12, color: theme.textMuted, textAlign: 'center' }}>
                {PURCHASE_NOT_AVAILABLE}
              </p>
            </div>
          ) : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
