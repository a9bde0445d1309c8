/** The optimizer roles whose answers follow a model-facing contract (paper Figures 5–8). */
export type OptimizerRole = 'reflect' | 'assign' | 'generate' | 'verify';

/** Each optimizer role's output contract, in the words a warning shows. */
export const optimizerContracts: Readonly<Record<OptimizerRole, string>> = {
  reflect: 'one non-empty <system_prompt> block holding the new prompt (Figure 6)',
  assign: 'one <assignment> block holding one JSON object of a legal action (Figure 5)',
  generate:
    "one <synthetic_example> block holding one JSON object with exactly the signature's fields (Figure 7)",
  verify:
    '<validity_reason>, <validity>, <faithfulness_reason> and <faithfulness>, each once, verdicts true or false (Figure 8)',
};

/**
 * When a role's no-op rate counts as high: at least `minimumCalls` answers seen and at least
 * `rate` of them broke the contract. Real optimizer models break it a few percent of the time
 * (SIM.md), so half is far outside normal and usually means the model or its settings are wrong.
 */
export const contractWarningThreshold = { minimumCalls: 5, rate: 0.5 } as const;

/** One role's answers so far: how many, how many broke the contract, and one that did. */
export interface ContractTally {
  /** Answers seen. */
  readonly calls: number;
  /** Answers that broke the contract (no-ops, failed generations or verifications). */
  readonly noOps: number;
  /** The start of one answer that broke it, when one was seen. */
  readonly example?: string;
  /** Why that answer broke it, e.g. `missing-block`. */
  readonly exampleReason?: string;
}

/** An optimizer role whose answers mostly break their contract. */
export interface ContractWarning {
  /** Always `warning`, so it can travel as an event. */
  readonly type: 'warning';
  /** What kind of warning: the role's no-op rate is high. */
  readonly code: 'contract-violations';
  /** The role (Forge's four, or another method's: `curate`, `propose`, …). */
  readonly role: string;
  /** The contract its answers should follow. */
  readonly contract: string;
  /** Answers seen. */
  readonly calls: number;
  /** Answers that broke the contract. */
  readonly noOps: number;
  /** `noOps / calls`. */
  readonly rate: number;
  /** The start of one bad answer (may be empty: the model answered nothing). */
  readonly example: string;
  /** Why that answer broke the contract. */
  readonly exampleReason?: string;
  /** One sentence for people. */
  readonly message: string;
}

/** The longest example a warning quotes. */
export const contractExampleLength = 240;

/** The start of a bad answer, on one line, for quoting in a warning. */
export function contractExample(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > contractExampleLength
    ? `${flat.slice(0, contractExampleLength - 1)}…`
    : flat;
}

/** The warning for a role, or undefined while its no-op rate is below the threshold. */
export function contractWarning(
  role: OptimizerRole,
  tally: ContractTally,
): ContractWarning | undefined {
  return roleContractWarning(role, optimizerContracts[role], tally);
}

/**
 * The warning for any method's role (its contract in words), or undefined while its share of
 * unusable answers is below the threshold.
 */
export function roleContractWarning(
  role: string,
  contract: string,
  tally: ContractTally,
): ContractWarning | undefined {
  if (tally.calls < contractWarningThreshold.minimumCalls) return undefined;
  const rate = tally.noOps / tally.calls;
  if (rate < contractWarningThreshold.rate) return undefined;
  const example = tally.example ?? '';
  return {
    type: 'warning',
    code: 'contract-violations',
    role,
    contract,
    calls: tally.calls,
    noOps: tally.noOps,
    rate,
    example,
    ...(tally.exampleReason === undefined ? {} : { exampleReason: tally.exampleReason }),
    message:
      `${tally.noOps} of ${tally.calls} ${role} answers did not follow the contract (${contract}); ` +
      `the optimizer model may be unsuitable for this role. Example${tally.exampleReason === undefined ? '' : ` (${tally.exampleReason})`}: ` +
      (example === '' ? '(an empty answer)' : JSON.stringify(example)),
  };
}

/** Adds one answer to a tally. */
export function addToTally(
  tally: ContractTally | undefined,
  answer: { readonly broken: boolean; readonly text?: string; readonly reason?: string },
): ContractTally {
  const current = tally ?? { calls: 0, noOps: 0 };
  const keepExample = answer.broken && current.example === undefined;
  return {
    ...current,
    calls: current.calls + 1,
    noOps: current.noOps + (answer.broken ? 1 : 0),
    ...(keepExample ? { example: contractExample(answer.text ?? '') } : {}),
    ...(keepExample && answer.reason !== undefined ? { exampleReason: answer.reason } : {}),
  };
}
