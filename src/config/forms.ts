// Form files load with their form, not with the shell: each is taken from its precompiled validator module
// (src/generated/validators/<id>.js), which carries the file anyway, so a form's JSON is downloaded once and only by
// the screens that show it. The sign-in screens carry no other form. Screens read a form with useForm (./context.ts).
import { CHECK_COMMAND, ConfigError } from './config-error.ts';
import type { FormConfig } from './types.ts';

const modules = import.meta.glob<FormConfig>('../generated/validators/*.js', { import: 'form' });
const loaders = new Map(Object.entries(modules).map(([file, load]) => [file.replace(/^.*\//, '').replace(/\.js$/, ''), load]));
const pending = new Map<string, Promise<FormConfig>>();
const loaded = new Map<string, FormConfig>();

/** The form file `schemas/forms/<id>.json`; the same promise for every call. */
export function loadForm(id: string): Promise<FormConfig> {
  let form = pending.get(id);
  if (!form) {
    const load = loaders.get(id);
    form = load
      ? load().then((file) => {
          loaded.set(id, file);
          return file;
        })
      : Promise.reject(new ConfigError(`schemas/forms/${id}.json`, `No form "${id}": add schemas/forms/${id}.json (${CHECK_COMMAND} lists the forms)`));
    pending.set(id, form);
  }
  return form;
}

/** The form if it has loaded already, so a screen drawing it again need not wait. */
export function loadedForm(id: string): FormConfig | undefined {
  return loaded.get(id);
}

export function formIds(): string[] {
  return [...loaders.keys()].sort();
}
