// RJSF on Mantine 9: @rjsf/mantine 6.8's templates render correctly on Mantine 9 (see SchemaForm.test.tsx), so they are
// used as they are; the widgets are ours, because theirs miss what this app needs: aria-invalid on password, checkbox
// and radio inputs, option lists from `ui:options.optionsFrom` and rules, YYYY-MM-DD dates that honour the date
// keywords, and the phone prefix. Their widget index also imports 'dayjs/plugin/customParseFormat' without an
// extension, which Node's ESM loader (Vitest) refuses, so only the templates entry is imported.
import { generateTemplates } from '@rjsf/mantine/lib/templates/index.js';
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { CheckboxesWidget } from './widgets/CheckboxesWidget';
import { CheckboxWidget } from './widgets/CheckboxWidget';
import { DateWidget } from './widgets/DateWidget';
import { PasswordWidget } from './widgets/PasswordWidget';
import { PhoneWidget } from './widgets/PhoneWidget';
import { RadioWidget } from './widgets/RadioWidget';
import { SelectWidget } from './widgets/SelectWidget';
import { TextareaWidget } from './widgets/TextareaWidget';
import { TextWidget } from './widgets/TextWidget';

// Mantine inputs show their error under the field and link it with aria-describedby; RJSF's separate error list would
// only duplicate the message.
function FieldErrorTemplate() {
  return null;
}

export const templates: Partial<TemplatesType> = { ...generateTemplates(), BaseInputTemplate: TextWidget, FieldErrorTemplate };

export const widgets: RegistryWidgetsType = {
  CheckboxWidget,
  CheckboxesWidget,
  DateWidget,
  PasswordWidget,
  RadioWidget,
  SelectWidget,
  TextareaWidget,
  phone: PhoneWidget,
};
