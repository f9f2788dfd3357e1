/** What an editor shows for a tool of the contract's catalogue (the catalogue holds its kind, texts and limits). */
import type { AiTool, ToolEditorText } from 'shared-contracts/tools';

export type EditorText = ToolEditorText;

export function editorTextOf(tool: AiTool): EditorText {
  return tool.editor ?? { intro: tool.description, action: 'Start' };
}
