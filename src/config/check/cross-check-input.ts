// What the cross-file checks read (./cross-checks.ts and the checks it hands parts to, ./approvals.ts): a file of its
// own, so those checks import it one way.
import type { ConfigKind } from '../files.ts';
import type { ConfigFiles, ConfigSet } from '../types.ts';
import type { Contract } from './contract.ts';
import type { ReferenceKind } from './meta.ts';

export interface CrossCheckInput {
  files: ConfigFiles;
  kinds: Record<string, ConfigKind>;
  /** Paths of files that passed their meta-schema. */
  valid: Set<string>;
  set: ConfigSet;
  contract: Contract | undefined;
  /** Every config file's path ('/schemas/tables/users.json'), parsed or not. */
  present: ReadonlySet<string>;
  /** A name a file that did not parse may hold: references to it are left alone until its JSON is fixed. */
  unknown: (kind: ReferenceKind, name: string) => boolean;
}
