import { preloadForms } from '../config';

/** A feature module, once the form files are loaded too: feature code reads them synchronously (getForm), and form
 * files no longer ride in the shell's chunk. */
export function withForms<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), preloadForms()]).then(([module]) => module);
}
