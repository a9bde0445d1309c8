import { type CallRecorder, type RecordedCall, redactSecrets } from '@forge/provider';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import { callSpan } from './call-span.js';
import { contextWithSpan, rootContext, spanStatus } from './span-context.js';
import { createSpans, type SpanDraft, spanDraft } from './span-draft.js';

/** Any progress event of a run: the method contract's, Forge core's and the sdk's alike. */
export interface TraceEvent {
  /** The event's name (`step-end`, `evaluation-end`, `run-end`, …); others are ignored. */
  readonly type: string;
}

/** What a run's trace says about the run before it starts. */
export interface RunTraceStart {
  /** The run's id (its directory's name). */
  readonly runId: string;
  /** The method's id (`forge`, `gepa`, `ace`, …). */
  readonly method: string;
  /** The run's seed. */
  readonly seed: number;
  /** Further run attributes (benchmark, models by role, budget, …). */
  readonly attributes?: Attributes;
}

/** Options of a run's trace. */
export interface RunTraceOptions {
  /** Where spans go: the user's tracer, or the one Forge's OTLP exporter feeds. */
  readonly tracer: Tracer;
  /** Put prompts and answers (redacted) on the model-call spans. Default false. */
  readonly includeContent?: boolean;
  /** Milliseconds clock. Default `Date.now`. */
  readonly clock?: () => number;
}

interface StepNode {
  readonly step: number;
  readonly draft: SpanDraft;
  readonly groups: Map<string, SpanDraft>;
  /** Set once the step's span was created: later work of the step goes under it. */
  created?: Context;
  ended: boolean;
}

/**
 * The trace of one run: a `run` span, a span per step, inside each step a span per candidate
 * evaluation, reflection, synthesis event and other optimizer activity, and inside those one
 * GenAI `chat` span per model call. It hears the run's events (`observe`) and its model calls
 * (`recorder`, a `CallRecorder` for the default middleware stack); a step's spans are created
 * when it ends, with the times they were recorded at. Calls and events name their step
 * explicitly (`metadata.step`, the events' `step`), so concurrency never mixes steps up.
 */
export class RunTrace {
  /** Hands every model call to the trace (for `withRecorder` or the default stack). */
  readonly recorder: CallRecorder;
  private readonly tracer: Tracer;
  private readonly includeContent: boolean;
  private readonly clock: () => number;
  private readonly runSpan: Span;
  private readonly runContext: Context;
  private readonly steps = new Map<number, StepNode>();
  /** Work outside any step (a seed's validation pass, MIPROv2's bootstrap, the test split). */
  private readonly runGroups = new Map<string, SpanDraft>();
  /** The step the last stepped event named, until it ends: where step-less events belong. */
  private openStep: StepNode | undefined;
  /** The step of each synthesis event, from its `synthesis-start`. */
  private readonly synthesisSteps = new Map<number, number>();
  private ended = false;

  constructor(start: RunTraceStart, options: RunTraceOptions) {
    this.tracer = options.tracer;
    this.includeContent = options.includeContent === true;
    this.clock = options.clock ?? Date.now;
    this.runSpan = this.tracer.startSpan(
      `optimize ${start.method}`,
      {
        startTime: this.clock(),
        attributes: {
          'forge.run.id': start.runId,
          'forge.method': start.method,
          'forge.seed': start.seed,
          ...start.attributes,
        },
      },
      rootContext,
    );
    this.runContext = contextWithSpan(rootContext, this.runSpan);
    this.recorder = { record: (call) => this.record(call) };
  }

  /** The run span's trace id (32 hex digits), to find the run in a tracing tool. */
  get traceId(): string {
    return this.runSpan.spanContext().traceId;
  }

  /** Takes one model call. */
  record(call: RecordedCall): void {
    if (this.ended) return;
    const draft = callSpan(call, { includeContent: this.includeContent });
    const step = call.request.metadata?.step;
    const group = this.group(step, call.role, call.request.metadata?.target, call.startedAt);
    group.children.push(draft);
    add(group.attributes, 'forge.calls', 1);
    add(group.attributes, 'forge.cost_usd', call.result?.costUsd ?? 0);
    if (call.result?.cached === true) add(group.attributes, 'forge.cache_hits', 1);
    if (step !== undefined) {
      const node = this.step(step, call.startedAt);
      add(node.draft.attributes, 'forge.calls', 1);
      add(node.draft.attributes, 'forge.cost_usd', call.result?.costUsd ?? 0);
    }
  }

  /** Takes one event of the run; unknown types are ignored. */
  observe(event: TraceEvent): void {
    if (this.ended) return;
    const now = this.clock();
    const fields = event as unknown as Readonly<Record<string, unknown>>;
    const step = numberOf(fields['step']);
    switch (event.type) {
      case 'run-prepared':
        this.runSpan.setAttributes(preparedAttributes(fields));
        return;
      case 'run-start':
        this.runSpan.setAttributes({
          'forge.run.resumed': fields['resumed'] === true,
          ...numberAttribute('forge.budget.max_evaluations', fields['maxEvaluations']),
          ...numberAttribute('forge.train.size', fields['trainingSize']),
          ...numberAttribute('forge.validation.size', fields['validationSize']),
        });
        return;
      case 'step-start':
        if (step === undefined) return;
        this.step(step, now).draft.attributes['forge.step.parent'] = numberOf(fields['parent']);
        if (typeof fields['module'] === 'string')
          this.step(step, now).draft.attributes['forge.step.module'] = fields['module'];
        return;
      case 'evaluation-end': {
        const target = typeof fields['target'] === 'string' ? fields['target'] : 'task';
        const group = this.group(step, 'task', target, now);
        if (group.end < now) group.end = now;
        add(group.attributes, 'forge.evaluation.instances', 1);
        add(group.attributes, 'forge.evaluation.score_sum', numberOf(fields['score']) ?? 0);
        return;
      }
      case 'candidate-accepted':
      case 'candidate-rejected': {
        if (step === undefined) return;
        const attributes = this.step(step, now).draft.attributes;
        attributes['forge.step.accepted'] = event.type === 'candidate-accepted';
        Object.assign(attributes, {
          ...numberAttribute('forge.step.parent_sum', fields['parentSum']),
          ...numberAttribute('forge.step.proposal_sum', fields['proposalSum']),
        });
        return;
      }
      case 'proposal-made':
        if (step === undefined) return;
        this.step(step, now).draft.attributes['forge.proposal.outcome'] = String(fields['outcome']);
        return;
      case 'candidate-validated':
        this.candidateValidated(fields);
        return;
      case 'optimizer-answer': {
        const node = step === undefined ? this.openStep : this.step(step, now);
        const attributes = node?.draft.attributes;
        if (attributes === undefined) return;
        add(attributes, 'forge.answers', 1);
        if (fields['usable'] === false) add(attributes, 'forge.answers.unusable', 1);
        return;
      }
      case 'synthesis-start':
      case 'synthesis-end': {
        // An event's calls belong to the step that runs after it (the index it starts with).
        const event = numberOf(fields['event']) ?? -1;
        if (step !== undefined) this.synthesisSteps.set(event, step);
        const node = this.step(this.synthesisSteps.get(event) ?? this.lastStepIndex() + 1, now);
        const group = this.groupIn(
          node.groups,
          'synthesis',
          'synthesis',
          'synthesis',
          now,
          node.step,
        );
        if (group.end < now) group.end = now;
        Object.assign(group.attributes, {
          ...numberAttribute('forge.synthesis.event', fields['event']),
          ...numberAttribute('forge.synthesis.attempts', fields['attempts']),
          ...numberAttribute('forge.synthesis.admitted', fields['admitted']),
          ...numberAttribute('forge.train.size', fields['trainingSize']),
        });
        return;
      }
      case 'method-note': {
        const note = {
          name: 'forge.method_note',
          time: now,
          attributes: {
            'forge.note.kind': String(fields['kind']),
            'forge.note.message': redactSecrets(String(fields['message'])),
          },
        };
        const node = step === undefined ? undefined : this.step(step, now);
        if (node === undefined || node.created !== undefined)
          this.runSpan.addEvent(note.name, note.attributes, note.time);
        else node.draft.events.push(note);
        return;
      }
      case 'step-end':
        if (step !== undefined) this.stepEnded(step, fields, now);
        return;
      case 'test-evaluated': {
        const label = fields['label'] === 'seed' ? 'seed' : 'best';
        this.runSpan.setAttributes(numberAttribute(`forge.test.${label}_score`, fields['score']));
        return;
      }
      case 'run-end':
        this.runEnded(fields, now);
        return;
      default:
        return;
    }
  }

  /**
   * Ends the trace: every step still open and all work outside steps are created, and the run
   * span ends. The `run-end` event does this; calling it again does nothing.
   */
  end(): void {
    if (this.ended) return;
    this.runEnded({}, this.clock());
  }

  private candidateValidated(fields: Readonly<Record<string, unknown>>): void {
    const attributes: Attributes = {
      ...numberAttribute('forge.candidate.index', fields['candidate']),
      ...numberAttribute('forge.candidate.parent', fields['parent']),
      ...numberAttribute('forge.candidate.score', fields['score']),
      'forge.candidate.improved': fields['improved'] === true,
    };
    const node = this.openStep;
    if (node === undefined || node.ended) {
      // Outside a step: the seed's validation (candidate 0).
      if (fields['candidate'] === 0)
        this.runSpan.setAttributes(numberAttribute('forge.seed.score', fields['score']));
      return;
    }
    Object.assign(node.draft.attributes, attributes, { 'forge.step.accepted': true });
  }

  private stepEnded(step: number, fields: Readonly<Record<string, unknown>>, now: number): void {
    const node = this.step(step, now);
    node.ended = true;
    node.draft.end = Math.max(node.draft.end, now);
    const attributes = node.draft.attributes;
    Object.assign(attributes, {
      'forge.step.outcome': String(fields['outcome']),
      ...numberAttribute('forge.evaluations_used', fields['evaluationsUsed']),
      ...numberAttribute('forge.best.candidate', fields['bestCandidate']),
      ...numberAttribute('forge.best.score', fields['bestScore']),
      ...numberAttribute('forge.candidates', fields['candidates']),
    });
    attributes['forge.step.accepted'] ??= false;
    if (this.openStep === node) this.openStep = undefined;
    this.flushStep(node);
    this.flushRunGroups();
  }

  private runEnded(fields: Readonly<Record<string, unknown>>, now: number): void {
    for (const node of this.steps.values()) {
      if (node.draft.end < now && !node.ended) node.draft.end = now;
      this.flushStep(node);
    }
    this.flushRunGroups();
    const reason = typeof fields['reason'] === 'string' ? fields['reason'] : undefined;
    this.runSpan.setAttributes({
      ...(reason === undefined ? {} : { 'forge.run.stop_reason': reason }),
      ...numberAttribute('forge.run.seed_score', fields['seedScore']),
      ...numberAttribute('forge.run.best_score', fields['bestScore']),
      ...numberAttribute('forge.run.best_candidate', fields['bestCandidate']),
      ...numberAttribute('forge.run.evaluations_used', fields['evaluationsUsed']),
      ...numberAttribute('forge.run.steps', fields['steps']),
      ...numberAttribute('forge.run.candidates', fields['candidates']),
      ...numberAttribute('forge.cost_usd', fields['costUsd']),
      ...numberAttribute('forge.test.seed_score', fields['testSeedScore']),
      ...numberAttribute('forge.test.best_score', fields['testBestScore']),
    });
    if (reason === 'error') {
      this.runSpan.setStatus({
        code: spanStatus.error,
        message: redactSecrets(String(fields['error'] ?? 'error')),
      });
    }
    this.ended = true;
    this.runSpan.end(now);
  }

  private step(step: number, time: number): StepNode {
    let node = this.steps.get(step);
    if (node === undefined) {
      node = {
        step,
        draft: spanDraft(`step ${step}`, time, 'internal', { 'forge.step': step }),
        groups: new Map(),
        ended: false,
      };
      this.steps.set(step, node);
    }
    if (!node.ended) this.openStep = node;
    return node;
  }

  private lastStepIndex(): number {
    let last = -1;
    for (const step of this.steps.keys()) if (step > last) last = step;
    return last;
  }

  private group(
    step: number | undefined,
    role: string | undefined,
    target: string | undefined,
    time: number,
  ): SpanDraft {
    const { key, name, activity } = activityOf(role, target);
    if (step === undefined)
      return this.groupIn(this.runGroups, key, name, activity, time, undefined, target);
    const node = this.step(step, time);
    return this.groupIn(node.groups, key, name, activity, time, step, target);
  }

  private groupIn(
    groups: Map<string, SpanDraft>,
    key: string,
    name: string,
    activity: string,
    time: number,
    step: number | undefined,
    target?: string,
  ): SpanDraft {
    let group = groups.get(key);
    if (group === undefined) {
      group = spanDraft(name, time, 'internal', {
        'forge.activity': activity,
        ...(step === undefined ? {} : { 'forge.step': step }),
        ...(target === undefined ? {} : { 'forge.evaluation.target': target }),
      });
      groups.set(key, group);
    }
    return group;
  }

  private flushStep(node: StepNode): void {
    if (node.created === undefined) {
      node.draft.children.push(...finished(node.groups));
      node.created = createSpans(this.tracer, node.draft, this.runContext);
    } else {
      // Work that arrived after its step ended still goes under that step.
      for (const group of finished(node.groups)) createSpans(this.tracer, group, node.created);
    }
    node.groups.clear();
  }

  private flushRunGroups(): void {
    for (const group of finished(this.runGroups)) createSpans(this.tracer, group, this.runContext);
    this.runGroups.clear();
  }
}

/** Which activity span a call or an evaluation belongs to. */
function activityOf(
  role: string | undefined,
  target: string | undefined,
): { key: string; name: string; activity: string } {
  if (target !== undefined || role === 'task' || role === undefined) {
    const what = target ?? 'task';
    return { key: `evaluation:${what}`, name: `evaluation ${what}`, activity: 'evaluation' };
  }
  if (role === 'generate' || role === 'verify')
    return { key: 'synthesis', name: 'synthesis', activity: 'synthesis' };
  if (role === 'reflect') return { key: 'reflection', name: 'reflection', activity: 'reflection' };
  return { key: `role:${role}`, name: role, activity: role };
}

/** The groups with their mean evaluation score worked out. */
function finished(groups: Map<string, SpanDraft>): SpanDraft[] {
  const drafts = [...groups.values()];
  for (const draft of drafts) {
    const instances = draft.attributes['forge.evaluation.instances'];
    const sum = draft.attributes['forge.evaluation.score_sum'];
    if (typeof instances === 'number' && typeof sum === 'number' && instances > 0) {
      draft.attributes['forge.evaluation.mean_score'] = sum / instances;
    }
  }
  return drafts;
}

function preparedAttributes(fields: Readonly<Record<string, unknown>>): Attributes {
  const attributes: Attributes = {};
  if (typeof fields['benchmark'] === 'string') attributes['forge.benchmark'] = fields['benchmark'];
  if (typeof fields['resumed'] === 'boolean') attributes['forge.run.resumed'] = fields['resumed'];
  if (typeof fields['simulated'] === 'boolean') attributes['forge.simulated'] = fields['simulated'];
  const models = fields['models'];
  if (typeof models === 'object' && models !== null) {
    for (const [role, model] of Object.entries(models)) {
      if (typeof model === 'string') attributes[`forge.model.${role}`] = model;
    }
  }
  return attributes;
}

function add(attributes: Attributes, key: string, amount: number): void {
  const current = attributes[key];
  attributes[key] = (typeof current === 'number' ? current : 0) + amount;
}

function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function numberAttribute(key: string, value: unknown): Attributes {
  const number = numberOf(value);
  return number === undefined ? {} : { [key]: number };
}
