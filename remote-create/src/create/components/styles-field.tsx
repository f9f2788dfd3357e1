import { NotYetNotice } from '../../components/not-yet-notice';
import { Field } from './field';

/** Styles come from the server with generation; until then the place says so. */
export function StylesField() {
  return (
    <Field legend="Style">
      <NotYetNotice>Styles are not available yet.</NotYetNotice>
    </Field>
  );
}
