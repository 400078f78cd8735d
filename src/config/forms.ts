// Form files load with their form, not with the shell: each is taken from its precompiled validator module
// (src/generated/validators/<id>.js), which carries the file anyway, so a form's JSON is downloaded once and only by
// the screens that show it. The sign-in screens carry no other form.
import type { FormConfig } from './types.ts';

const modules = import.meta.glob<FormConfig>('../generated/validators/*.js', { import: 'form' });
const loaders = new Map(Object.entries(modules).map(([file, load]) => [file.replace(/^.*\//, '').replace(/\.js$/, ''), load]));

/** The forms loaded so far, by id; `getForm` reads here. */
export const loadedForms: Record<string, FormConfig> = {};
const pending = new Map<string, Promise<FormConfig>>();

/** The form file `schemas/forms/<id>.json`; the same promise for every call. */
export function loadForm(id: string): Promise<FormConfig> {
  let form = pending.get(id);
  if (!form) {
    const load = loaders.get(id);
    form = load
      ? load().then((loaded) => (loadedForms[id] = loaded))
      : Promise.reject(new Error(`No form "${id}": add schemas/forms/${id}.json (npm run check:config lists the forms)`));
    pending.set(id, form);
  }
  return form;
}

/** Loads the given forms, or every form, so code that reads them synchronously with `getForm` finds them. */
export async function preloadForms(ids: readonly string[] = [...loaders.keys()]): Promise<void> {
  await Promise.all(ids.map(loadForm));
}

export function formIds(): string[] {
  return [...loaders.keys()].sort();
}
