/**
 * Opens remote-explore's template list picker (through ShellApi.RemoteModule: a remote never imports
 * another remote) with the templates of this screen's media. A pick opens the template's creation screen
 * with `?tplId=`, where usePrefill fills the form from the template and records it on the task.
 */
import { useState } from 'react';
import { templateCreateLink, useShell, type CreateMode, type TemplatePickerProps } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';

const PICKER_OF: Record<CreateMode, Pick<TemplatePickerProps, 'funModule' | 'media' | 'title'>> = {
  'text-to-video': { media: 'video', title: 'Video templates' },
  'image-to-video': { media: 'video', title: 'Video templates' },
  'video-to-anime': { media: 'video', title: 'Video templates' },
  'text-to-image': { media: 'image', title: 'Image templates' },
  'image-to-image': { media: 'image', title: 'Image templates' },
  'text-to-music': { media: 'audio', title: 'Music templates' },
  'effect-create': { funModule: 'effect', title: 'Effects' },
};

export function TemplatePickerButton({ mode }: { mode: CreateMode }) {
  const shell = useShell();
  const [open, setOpen] = useState(false);
  const Host = shell.RemoteModule;
  // a shell without the host (older than the picker) cannot show it: no button rather than a dead one
  if (!Host) return null;
  const picker = PICKER_OF[mode];
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 6, alignItems: 'flex-start' }}>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Start from a template
      </Button>
      {open ? (
        <Host
          module="remote_explore/TemplatePicker"
          area="Template picker"
          props={{ ...picker, open, onPick: (template) => shell.navigate(templateCreateLink(template)), onClose: () => setOpen(false) }}
        />
      ) : null}
    </div>
  );
}
