import type { Random } from '@forge/program';

// Each role breaks its contract in the ways real optimizer models do, so that every no-op and
// failure path downstream (missing tag, unclosed tag, bad JSON, illegal form, non-boolean
// verdict) runs in an ordinary demo.

/** A broken reflector answer: no block, an unclosed block, or an empty one. */
export function malformedReflection(prompt: string, random: Random): string {
  switch (random.int(3)) {
    case 0:
      return `Here is the improved prompt:\n\n${prompt}`;
    case 1:
      return `<system_prompt>\n${prompt}\n`;
    default:
      return 'I would keep the prompt as it is.\n\n<system_prompt>\n</system_prompt>';
  }
}

/** A broken assignment: invalid JSON, an illegal combination, or an unknown destination. */
export function malformedAssignment(random: Random): string {
  switch (random.int(3)) {
    case 0:
      return '<assignment>\n{"cluster_name": null, "new_cluster_name": "date_errors",\n</assignment>';
    case 1:
      return '<assignment>\n{"cluster_name": null, "new_cluster_name": "date_errors", "new_failure_description": null}\n</assignment>';
    default:
      return '<assignment>\n{"cluster_name": "cluster_that_does_not_exist", "new_cluster_name": null, "new_failure_description": null}\n</assignment>';
  }
}

/** A broken example: invalid JSON, a missing gold field, or no block at all. */
export function malformedExample(example: Record<string, unknown>, random: Random): string {
  const json = JSON.stringify(example);
  switch (random.int(3)) {
    case 0:
      return `<synthetic_example>\n${json.slice(0, Math.max(1, json.length - 2))}\n</synthetic_example>`;
    case 1: {
      const keys = Object.keys(example);
      const partial = Object.fromEntries(
        Object.entries(example).filter(([key]) => key !== keys[keys.length - 1]),
      );
      return `<synthetic_example>\n${JSON.stringify(partial)}\n</synthetic_example>`;
    }
    default:
      return `A good example would be: ${json}`;
  }
}

/** A broken verdict: a non-boolean value, a missing field, or a duplicated field. */
export function malformedVerdict(verdict: string, random: Random): string {
  switch (random.int(3)) {
    case 0:
      return verdict.replace(/<validity>\w+<\/validity>/, '<validity>probably</validity>');
    case 1:
      return verdict.replace(/<faithfulness>\w+<\/faithfulness>/, '');
    default:
      return `${verdict}\n<validity>true</validity>`;
  }
}
