import type { DateConditions, DateForm } from '../world/date-case.js';
import {
  type FailureMechanism,
  failureMechanisms,
  formSlug,
  type MechanismFamily,
  mechanismFamilies,
  mechanismFamily,
  mechanismsNamedIn,
} from '../world/failure-mechanisms.js';

const forms: readonly DateForm[] = ['dotted', 'slash', 'iso', 'day-month-name', 'month-name-day'];

/** What a failure cluster's name and description say about it. */
export interface ClusterReading {
  /** The family of mechanisms it holds, when recognisable. */
  readonly family: MechanismFamily | undefined;
  /** The single mechanism it holds, for a specific cluster. */
  readonly mechanism: FailureMechanism | undefined;
  /** The date form it is limited to, for a form-scoped cluster. */
  readonly form: DateForm | undefined;
  /** True for a broad cluster (a whole family). */
  readonly broad: boolean;
}

/**
 * Reads a cluster: first by the names this simulator gives (specific `<mechanism>[_in_<form>]`,
 * broad `<family>`), then, for clusters named by anyone else, by the family its description
 * mentions first. Unrecognised clusters have no family.
 */
export function readCluster(name: string, description: string): ClusterReading {
  for (const mechanism of failureMechanisms) {
    if (name === mechanism.clusterName) {
      return { family: mechanism.family, mechanism, form: undefined, broad: false };
    }
    const form = forms.find(
      (candidate) => name === `${mechanism.clusterName}_in_${formSlug(candidate)}`,
    );
    if (form !== undefined) return { family: mechanism.family, mechanism, form, broad: false };
  }
  const family = mechanismFamilies.find((candidate) => candidate.clusterName === name);
  if (family !== undefined) {
    return { family: family.id, mechanism: undefined, form: undefined, broad: true };
  }
  const named = mechanismsNamedIn(description)[0];
  const byCue = mechanismFamilies
    .map((candidate) => ({ candidate, at: `${name} ${description}`.search(candidate.cue) }))
    .filter((entry) => entry.at >= 0)
    .sort((left, right) => left.at - right.at)[0]?.candidate;
  return {
    family: named?.family ?? byCue?.id,
    mechanism: undefined,
    form: undefined,
    broad: true,
  };
}

/**
 * The mechanism a mutation seed is about: the cluster's own mechanism when it names one;
 * otherwise the first mechanism of the cluster's family that the failure's feedback names, or
 * whose conditions the failed example meets; failing that, the first mechanism the feedback names.
 */
export function resolveMechanism(options: {
  readonly clusterName: string;
  readonly description: string;
  readonly feedback: string;
  readonly source: DateConditions | undefined;
}): FailureMechanism | undefined {
  const cluster = readCluster(options.clusterName, options.description);
  if (cluster.mechanism !== undefined) return cluster.mechanism;
  const named = mechanismsNamedIn(options.feedback);
  if (cluster.family === undefined) return named[0];
  const family = mechanismFamily(cluster.family).id;
  const inFamily = failureMechanisms.filter((mechanism) => mechanism.family === family);
  return (
    named.find((mechanism) => mechanism.family === family) ??
    inFamily.find(
      (mechanism) => options.source !== undefined && mechanism.trigger(options.source),
    ) ??
    inFamily[0]
  );
}
