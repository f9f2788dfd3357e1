import { TemplatePage } from '../template/components/template-page';

export default function TemplatePageExpose() {
  return <TemplatePage />;
}
