import type { TemplatePickerProps } from 'shared-contracts';
import { TemplatePicker } from '../lib/template-picker';

export default function TemplatePickerExpose(props: TemplatePickerProps) {
  return <TemplatePicker {...props} />;
}
