import type { ToolEditorProps } from 'shared-contracts';
import { ToolEditor } from '../tool-editor/components/tool-editor';

export default function ToolEditorExpose({ tool }: ToolEditorProps) {
  return <ToolEditor key={tool} tool={tool} />;
}
