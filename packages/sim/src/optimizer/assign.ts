import { type PromptFailureCluster, readAssignmentPrompt } from '@forge/program';
import type { DateForm } from '../world/date-case.js';
import {
  type FailureMechanism,
  formSlug,
  formWords,
  mechanismFamily,
  mechanismsNamedIn,
} from '../world/failure-mechanisms.js';
import { readDateText } from '../world/read-date-text.js';
import { readCluster } from './resolve-mechanism.js';

/** The assigner's decision in the contract's JSON form. */
export interface AssignmentJson {
  /** Existing cluster, or null to create. */
  readonly cluster_name: string | null;
  /** New name (create or rename), or null to assign. */
  readonly new_cluster_name: string | null;
  /** New description (create or rename), or null to assign. */
  readonly new_failure_description: string | null;
}

/**
 * The simulated assigner: clusters by the mechanism the observation's feedback names first.
 * A mechanism's first failure creates a specific cluster (for mechanisms seen in several date
 * forms, named after the form too); a later failure of the same mechanism and form is assigned
 * to it; a failure of the same family in another form or by another mechanism renames the
 * cluster to the family's broader name and description, then is assigned. A broad cluster takes
 * every failure of its family. Failures it cannot classify share one `other_date_errors` cluster.
 */
export function assign(user: string): {
  readonly decision: AssignmentJson;
  readonly reasoning: string;
} {
  const request = readAssignmentPrompt(user);
  const catalogue: readonly PromptFailureCluster[] = request.clusters;
  const feedback = request.feedback ?? '';
  const instance = request.instance;
  const text = Object.values(instance.input)[0] ?? '';
  const reading = readDateText(text);
  const form: DateForm | undefined = reading.ok ? reading.conditions.form : undefined;
  const mechanism = mechanismsNamedIn(feedback)[0];
  const names = new Set(catalogue.map((entry) => entry.cluster_name));
  if (mechanism === undefined) {
    const other = 'other_date_errors';
    return names.has(other)
      ? {
          decision: assignTo(other),
          reasoning: 'No known mechanism; it joins the unclassified failures.',
        }
      : {
          decision: create(
            other,
            'Failures whose cause the feedback does not name as a known date convention.',
          ),
          reasoning: 'No known mechanism and no unclassified cluster yet.',
        };
  }
  const family = mechanismFamily(mechanism.family);
  const existing = catalogue
    .map((entry) => ({
      entry,
      reading: readCluster(entry.cluster_name, entry.failure_description),
    }))
    .find((candidate) => candidate.reading.family === mechanism.family);
  if (existing === undefined) {
    const name = uniqueName(specificName(mechanism, form), names);
    return {
      decision: create(name, specificDescription(mechanism, form)),
      reasoning: `First failure of this kind: ${mechanism.description}`,
    };
  }
  const cluster = existing.reading;
  const sameScope =
    cluster.broad ||
    (cluster.mechanism?.id === mechanism.id && (!mechanism.formScoped || cluster.form === form));
  if (sameScope) {
    return {
      decision: assignTo(existing.entry.cluster_name),
      reasoning: `Same mechanism as "${existing.entry.cluster_name}".`,
    };
  }
  if (names.has(family.clusterName)) {
    return {
      decision: assignTo(family.clusterName),
      reasoning: `The broader cluster "${family.clusterName}" already covers it.`,
    };
  }
  return {
    decision: {
      cluster_name: existing.entry.cluster_name,
      new_cluster_name: family.clusterName,
      new_failure_description: family.description,
    },
    reasoning: `A second variant of "${existing.entry.cluster_name}": the cluster is broadened before assignment.`,
  };
}

function specificName(mechanism: FailureMechanism, form: DateForm | undefined): string {
  return mechanism.formScoped && form !== undefined
    ? `${mechanism.clusterName}_in_${formSlug(form)}`
    : mechanism.clusterName;
}

function specificDescription(mechanism: FailureMechanism, form: DateForm | undefined): string {
  return mechanism.formScoped && form !== undefined
    ? `${mechanism.description} Seen in ${formWords(form)}.`
    : mechanism.description;
}

function uniqueName(name: string, taken: ReadonlySet<string>): string {
  let candidate = name;
  for (let index = 2; taken.has(candidate); index++) candidate = `${name}_${index}`;
  return candidate;
}

function create(name: string, description: string): AssignmentJson {
  return { cluster_name: null, new_cluster_name: name, new_failure_description: description };
}

function assignTo(name: string): AssignmentJson {
  return { cluster_name: name, new_cluster_name: null, new_failure_description: null };
}
