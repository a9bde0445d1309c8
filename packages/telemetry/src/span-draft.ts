import type { Attributes, Context, Tracer } from '@opentelemetry/api';
import { contextWithSpan, rootContext, spanKind, spanStatus } from './span-context.js';

/** A point in a span's life worth its own line (a method's note, a prompt opted into). */
export interface SpanEventDraft {
  /** Event name (`method-note`, `gen_ai.content.prompt`, …). */
  readonly name: string;
  /** When, in milliseconds since the epoch. */
  readonly time: number;
  /** Its attributes. */
  readonly attributes?: Attributes;
}

/**
 * A span as plain data, made before it is handed to a tracer: a step's spans are drafted while
 * the step runs and created, with their recorded times, when it ends, so every parent's bounds
 * hold its children and no span depends on which call happened to finish first.
 */
export interface SpanDraft {
  /** Span name (`step 3`, `evaluation proposal`, `chat gpt-5.5`, …). */
  readonly name: string;
  /** Start, in milliseconds since the epoch (widened to its children's at creation). */
  start: number;
  /** End, in milliseconds since the epoch (widened to its children's at creation). */
  end: number;
  /** `client` for a model call, `internal` for Forge's own spans. */
  readonly kind: 'client' | 'internal';
  /** Attributes (set or added until the draft is created). */
  readonly attributes: Attributes;
  /** An error message when the work failed (already redacted). */
  error?: string;
  /** Events, in order. */
  readonly events: SpanEventDraft[];
  /** Child drafts, created under this one. */
  readonly children: SpanDraft[];
}

/** A new draft starting and ending at `time`. */
export function spanDraft(
  name: string,
  time: number,
  kind: SpanDraft['kind'] = 'internal',
  attributes: Attributes = {},
): SpanDraft {
  return {
    name,
    start: time,
    end: time,
    kind,
    attributes: { ...attributes },
    events: [],
    children: [],
  };
}

/** Widens a draft's bounds to cover its children's, depth first. */
export function settleBounds(draft: SpanDraft): void {
  for (const child of draft.children) {
    settleBounds(child);
    if (child.start < draft.start) draft.start = child.start;
    if (child.end > draft.end) draft.end = child.end;
  }
}

/**
 * Creates the span of `draft` and of all its children under `parent` (an explicit context: runs
 * have many calls in flight, so parentage never comes from a "current" span), with their recorded
 * times, and ends them. Returns the context of the created span.
 */
export function createSpans(
  tracer: Tracer,
  draft: SpanDraft,
  parent: Context = rootContext,
): Context {
  settleBounds(draft);
  return createSpan(tracer, draft, parent, true) ?? parent;
}

/** Creates one draft's span and its children's; its context is made when asked or needed. */
function createSpan(
  tracer: Tracer,
  draft: SpanDraft,
  parent: Context,
  contextWanted: boolean,
): Context | undefined {
  const span = tracer.startSpan(
    draft.name,
    {
      kind: draft.kind === 'client' ? spanKind.client : spanKind.internal,
      startTime: draft.start,
      attributes: draft.attributes,
    },
    parent,
  );
  for (const event of draft.events) span.addEvent(event.name, event.attributes ?? {}, event.time);
  if (draft.error !== undefined) span.setStatus({ code: spanStatus.error, message: draft.error });
  // Most spans are model calls, leaves: a context is made only for a parent or when asked.
  const context =
    contextWanted || draft.children.length > 0 ? contextWithSpan(parent, span) : undefined;
  if (context !== undefined)
    for (const child of draft.children) createSpan(tracer, child, context, false);
  span.end(draft.end);
  return context;
}
