import { EFFECT_SECONDS_PER_CREDIT, routePath, templateExtra, useShell, type Template } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '@studio/ui-kit/dialog';
import { theme } from '@studio/ui-kit/theme';
import { mediaUrl } from '../../lib/session';

/** The effect's create screen with this template chosen. */
function effectCreateLink(template: Template): string {
  const semantic = templateExtra(template)?.semantic;
  return routePath('EffectCreate', semantic ? { semantic } : {}, { tplId: String(template.tpl_id) });
}

/** The AI effect detail tip: what the effect does, its preview and its price, then on to its create screen. */
export function EffectTipDialog({ template, onClose }: { template: Template; onClose(): void }) {
  const shell = useShell();
  const tip = templateExtra(template)?.tip ?? template.description ?? '';
  return (
    <Dialog
      title={template.name}
      onClose={onClose}
      width={520}
      phoneFullScreen
      testId="effect-tip"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              onClose();
              shell.navigate(effectCreateLink(template));
            }}
          >
            Use this effect
          </Button>
        </>
      }
    >
      <video
        src={mediaUrl(shell, template.preview_url)}
        poster={mediaUrl(shell, template.thumbnail)}
        autoPlay
        muted
        loop
        playsInline
        aria-label={`${template.name} preview`}
        css={{ width: '100%', maxHeight: 360, objectFit: 'contain', background: '#000', borderRadius: 10 }}
      />
      <p css={{ margin: 0, fontSize: 14, lineHeight: 1.5 }}>{tip}</p>
      <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
        Price: 1 credit per {EFFECT_SECONDS_PER_CREDIT} s of video. Unlimited on Standard and Premium.
      </p>
    </Dialog>
  );
}
