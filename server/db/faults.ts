// A fault a test arms on the gateway's database handle (issue 25): one chosen write fails, before it runs or after it
// ran (the process "died" once the row was written), so a test can prove a money movement leaves nothing half-done.
// buildApp installs it only when a test passes one (BuildAppOptions.faults): production runs without the plugin.
// Every handle made from the gateway's (transactions, units of work) carries it, so a movement whose writes escape its
// transaction is still caught: its earlier writes stay, and the test sees them.
import {
  AliasNode,
  DeleteQueryNode,
  FromNode,
  InsertQueryNode,
  ListNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from './schema.ts';

export type WriteKind = 'insert' | 'update' | 'delete';

/** Where the fault strikes: the `nth` write (1 the first) of `kind` to `table` counted from when it was armed. */
export interface FaultPoint {
  table: keyof Database;
  kind: WriteKind;
  /** Default 1. */
  nth?: number;
  /** `before`: the write fails and writes nothing; `after`: the write is made, then its caller gets the failure. */
  when: 'before' | 'after';
}

/** The failure an armed fault throws: to the gateway it is any database failure. */
export class InjectedFault extends Error {
  constructor(point: FaultPoint) {
    super(`Injected fault ${point.when} ${point.kind} #${point.nth ?? 1} on ${point.table}`);
    this.name = 'InjectedFault';
  }
}

/** The table an INSERT, UPDATE or DELETE writes (the first one named), as the query builders build them. */
function tableOf(node: OperationNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableOf(node.node);
  if (FromNode.is(node)) return tableOf(node.froms[0]);
  if (ListNode.is(node)) return tableOf(node.items[0]);
  return undefined;
}

function writeOf(node: RootOperationNode): { kind: WriteKind; table: string | undefined } | undefined {
  if (InsertQueryNode.is(node)) return { kind: 'insert', table: tableOf(node.into) };
  if (UpdateQueryNode.is(node)) return { kind: 'update', table: tableOf(node.table) };
  if (DeleteQueryNode.is(node)) return { kind: 'delete', table: tableOf(node.from) };
  return undefined;
}

/** The database plugin of a test's gateway: disarmed until `arm`, then fails exactly one write, once. */
export class Faults implements KyselyPlugin {
  private point: FaultPoint | undefined;
  private seen = 0;
  private striking: QueryId | undefined;
  /** How many armed faults struck: a test checks its fault was reached, so it cannot pass without one. */
  struck = 0;

  arm(point: FaultPoint): void {
    this.point = point;
    this.seen = 0;
    this.striking = undefined;
  }

  disarm(): void {
    this.point = undefined;
    this.striking = undefined;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const point = this.point;
    if (!point) return args.node;
    const write = writeOf(args.node);
    if (!write || write.kind !== point.kind || write.table !== point.table) return args.node;
    this.seen += 1;
    if (this.seen !== (point.nth ?? 1)) return args.node;
    if (point.when === 'before') this.strike(point);
    this.striking = args.queryId;
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const point = this.point;
    if (point && this.striking === args.queryId) this.strike(point);
    return args.result;
  }

  private strike(point: FaultPoint): never {
    this.disarm();
    this.struck += 1;
    throw new InjectedFault(point);
  }
}
