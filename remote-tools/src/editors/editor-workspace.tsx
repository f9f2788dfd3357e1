/**
 * The layout every tool editor shares: ToolWorkspace with the tool's title and texts, the 'Not enough
 * space' modal when an upload or the task finds the cloud storage full, the progress modal of the long
 * tools, and the input beside its preview.
 */
import { useCallback, useState, type ReactNode } from 'react';
import type { AiTool } from 'shared-contracts/tools';
import { media } from '@studio/ui-kit/theme';
import { NotEnoughSpace, ToolWorkspace, type ToolWorkspaceProps } from '../workspace/components/tool-workspace';
import type { EditorText } from './tool-defs';

/** what the progress modal of the 1-3 minute video tools says */
export const LONG_WAIT = 'Processing takes 1 to 3 minutes. You can keep this page open or come back to My Creations later.';

/** 'Not enough space': `show` is what an upload or a task calls when the storage is full. */
export function useSpaceNotice() {
  const [full, setFull] = useState(false);
  const show = useCallback(() => setFull(true), []);
  return { full, show, hide: () => setFull(false) };
}

export interface EditorWorkspaceProps extends Omit<ToolWorkspaceProps, 'title' | 'algorithm' | 'intro' | 'back' | 'notes' | 'actionLabel' | 'progressModal'> {
  tool: AiTool;
  text: EditorText;
  space: ReturnType<typeof useSpaceNotice>;
  /** the tool's notes unless given */
  notes?: readonly string[];
  /** the tool's action unless given */
  actionLabel?: string;
  /** a long tool: the progress modal with this description while it runs */
  longWait?: string;
}

export function EditorWorkspace({ tool, text, space, notes, actionLabel, longWait, ...rest }: EditorWorkspaceProps) {
  return (
    <>
      <ToolWorkspace
        title={tool.title}
        algorithm={tool.algorithm}
        intro={text.intro}
        notes={notes ?? text.notes}
        back={text.back}
        actionLabel={actionLabel ?? text.action}
        progressModal={longWait ? { title: `${tool.title} is working`, description: longWait } : undefined}
        {...rest}
      />
      {space.full ? <NotEnoughSpace onClose={space.hide} /> : null}
    </>
  );
}

/** The upload area, and once there is an input its preview beside it (one column on phones). */
export function InputBeside({ hasInput, children }: { hasInput: boolean; children: ReactNode }) {
  return <div css={{ display: 'grid', gap: 12, gridTemplateColumns: hasInput ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr', [media.phone]: { gridTemplateColumns: '1fr' } }}>{children}</div>;
}
