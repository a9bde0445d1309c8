import type { InstanceCheck, InstanceProblem } from './signature.js';

/** One issue a Standard Schema reports. */
interface StandardIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[];
}

/**
 * The Standard Schema face every zod 4 schema has (`~standard`), whichever copy of zod built it
 * and whether it is zod or zod/mini: a `validate` that answers synchronously for the schemas a
 * signature allows.
 */
interface StandardSchema {
  readonly '~standard': {
    validate(
      value: unknown,
    ): { readonly issues?: readonly StandardIssue[] } | Promise<{ readonly issues?: unknown }>;
  };
}

/**
 * The `checkInstance` of a signature declared with zod object schemas: parses an instance's input
 * with the input schema and its gold with the output schema and reports every issue under
 * `input.<path>` or `gold.<path>`. A schema with an asynchronous refinement cannot be checked
 * here and is reported as a problem rather than passed.
 */
export function schemaInstanceCheck(input: unknown, output: unknown): InstanceCheck {
  return (instance) => [
    ...problemsOf(input as StandardSchema, instance.input, 'input'),
    ...problemsOf(output as StandardSchema, instance.gold, 'gold'),
  ];
}

function problemsOf(
  schema: StandardSchema,
  value: unknown,
  side: 'input' | 'gold',
): InstanceProblem[] {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) {
    result.catch(() => undefined);
    return [{ path: side, message: 'the schema validates asynchronously; use synchronous checks' }];
  }
  return (result.issues ?? []).map((issue) => ({
    path: [side, ...(issue.path ?? []).map(keyOf)].join('.'),
    message: issue.message,
  }));
}

function keyOf(segment: PropertyKey | { readonly key: PropertyKey }): string {
  return String(typeof segment === 'object' ? segment.key : segment);
}
