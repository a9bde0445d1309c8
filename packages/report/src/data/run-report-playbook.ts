/** The playbook of a playbook method (ACE) after one of its steps. */
export interface RunReportPlaybookPoint {
  /** The step (0-based; one training sample for ACE). */
  readonly step: number;
  /** Evaluations spent once the step ended. */
  readonly evaluationsUsed: number;
  /** Bullets in the playbook. */
  readonly bullets: number;
  /** The playbook's size in estimated tokens. */
  readonly tokens: number;
  /** Sum of its bullets' helpful counters. */
  readonly helpful: number;
  /** Sum of its bullets' harmful counters. */
  readonly harmful: number;
}
