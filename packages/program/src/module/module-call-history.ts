import type { Message, Usage } from '@forge/provider';

/** One module call of a typed program, as `inspect` shows it. */
export interface ModuleCallRecord {
  /** The module called. */
  readonly module: string;
  /** The id of the instance the program was running on. */
  readonly instanceId: string;
  /** 0 for the module's first answer; n for its n-th re-ask (`maxReasks`). */
  readonly attempt: number;
  /**
   * The model that answered, as `provider:modelId`: the module's own model when it has one, also
   * when a router passed the call on (`GenerateResult.routedTo`).
   */
  readonly model: string;
  /** The system prompt sent (the candidate's prompt for the module). */
  readonly system: string;
  /**
   * The messages sent after the system prompt: demonstration turns, the rendered input and, on a
   * re-ask, the earlier answers and follow-ups.
   */
  readonly messages: readonly Message[];
  /** The module's input fields, as the program passed them to `call`. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The model's answer, as it came. */
  readonly answer: string;
  /** What parsing made of the answer: the output fields (and reasoning), or why there were none. */
  readonly parsed:
    | {
        readonly ok: true;
        readonly output: Readonly<Record<string, unknown>>;
        readonly reasoning?: string;
      }
    | { readonly ok: false; readonly reason: string };
  /** Tokens of the call. */
  readonly usage: Usage;
  /** When the answer arrived (ms since the epoch). */
  readonly time: number;
}

/** How many module calls a program remembers by default. */
export const defaultHistorySize = 50;

/**
 * The last module calls of a typed program, oldest first, in memory only: a bounded list that
 * forgets the oldest call once it holds `capacity` of them (`0` remembers none). Calls made
 * concurrently are kept in the order their answers arrived.
 */
export class ModuleCallHistory {
  /** The most calls kept. */
  readonly capacity: number;
  private readonly calls: ModuleCallRecord[] = [];

  constructor(capacity: number = defaultHistorySize) {
    this.capacity = Number.isInteger(capacity) && capacity > 0 ? capacity : 0;
  }

  /** Remembers one call, forgetting the oldest when full. */
  record(call: ModuleCallRecord): void {
    if (this.capacity === 0) return;
    this.calls.push(call);
    if (this.calls.length > this.capacity) this.calls.splice(0, this.calls.length - this.capacity);
  }

  /** The last `count` calls (default all kept), oldest first. */
  last(count: number = this.calls.length): readonly ModuleCallRecord[] {
    return count <= 0 ? [] : this.calls.slice(-count);
  }

  /** How many calls are kept now. */
  get size(): number {
    return this.calls.length;
  }

  /** Forgets every call. */
  clear(): void {
    this.calls.length = 0;
  }
}
