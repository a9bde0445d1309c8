import { readAceCurationPrompt, readPlaybookBullets, readPlaybookSections } from '@forge/program';

/** The simulated curator's answer, before it is written as JSON. */
export interface AceCuration {
  /** Why, in words. */
  readonly reasoning: string;
  /** The delta operations, in the contract's JSON form. */
  readonly operations: readonly Record<string, unknown>[];
}

/**
 * The simulated ACE curator. It reads the lessons of the reflection's key insight
 * (`- module \`m\`: sentence`) and ADDs each one the playbook does not already state for that
 * module; it DELETEs a bullet the reflection tags harmful once its harmful count is at least two
 * above its helpful count. When `slip` is set and nothing is new, it restates a bullet the
 * reflection found helpful ("Confirmed: …") as a careless curator does, which ACE's
 * de-duplication must fold back.
 */
export function aceCurate(user: string, options: { readonly slip: boolean }): AceCuration {
  const request = readAceCurationPrompt(user);
  const bullets = readPlaybookBullets(request.playbook);
  // The date world's playbook sections are snake-case ids; the reference's own headings are not.
  const sectionNames = readPlaybookSections(request.playbook).filter((name) => /^\S+$/.test(name));
  const { insight, tags } = readReflection(request.reflection, request.keyInsight);
  const target = sectionNames.includes('strategies_and_insights')
    ? 'strategies_and_insights'
    : (sectionNames[0] ?? 'others');
  const operations: Record<string, unknown>[] = [];
  const reasons: string[] = [];
  for (const match of insight.matchAll(/^- module `([^`]+)`: (.+)$/gm)) {
    const module = match[1] as string;
    const sentence = (match[2] as string).trim();
    const known = bullets.some(
      (bullet) =>
        (bullet.module === null || bullet.module === module) &&
        normalise(bullet.content).includes(normalise(sentence)),
    );
    if (known) {
      reasons.push(`"${sentence}" is already in the playbook for ${module}.`);
      continue;
    }
    operations.push({ type: 'ADD', section: target, content: sentence, module });
    reasons.push(`The playbook lacks "${sentence}" for ${module}.`);
  }
  for (const tag of tags) {
    const bullet = bullets.find((candidate) => candidate.id === tag.id);
    if (tag.tag === 'harmful' && bullet !== undefined && bullet.harmful + 1 >= bullet.helpful + 2) {
      operations.push({ type: 'DELETE', bullet_id: bullet.id });
      reasons.push(`${bullet.id} misled the program more often than it helped.`);
    }
  }
  if (operations.length === 0 && options.slip) {
    const helpful = tags.find((tag) => tag.tag === 'helpful');
    const bullet = bullets.find((candidate) => candidate.id === helpful?.id);
    if (bullet !== undefined) {
      operations.push({
        type: 'ADD',
        section: sectionNames.includes('others') ? 'others' : target,
        content: `Confirmed: ${bullet.content}`,
        ...(bullet.module === null ? {} : { module: bullet.module }),
      });
      reasons.push(`${bullet.id} worked again; recording that.`);
    }
  }
  return {
    reasoning:
      reasons.length > 0 ? reasons.join(' ') : 'The reflection adds nothing the playbook lacks.',
    operations,
  };
}

/**
 * The key insight and the bullet tags of the reflection the curator is shown: rendered as
 * Markdown sections (`## Key Insight`, `## Bullet Tags`), or — under ACE's `profile: reference`,
 * which passes the reflector's answer on as written — the reflection JSON object itself.
 */
function readReflection(
  reflection: string,
  keyInsight: string | undefined,
): {
  insight: string;
  tags: { id: string; tag: string }[];
} {
  const json = readJsonObject(reflection.trim());
  if (json !== undefined) {
    const entries = Array.isArray(json['bullet_tags']) ? json['bullet_tags'] : [];
    return {
      insight: typeof json['key_insight'] === 'string' ? json['key_insight'] : '',
      tags: entries.flatMap((entry: unknown) => {
        const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
          string,
          unknown
        >;
        return typeof record['id'] === 'string' && typeof record['tag'] === 'string'
          ? [{ id: record['id'], tag: record['tag'] }]
          : [];
      }),
    };
  }
  return {
    insight: keyInsight ?? '',
    tags: [...reflection.matchAll(/^- \[([^\]]+)\] (helpful|harmful|neutral)$/gm)].map((match) => ({
      id: match[1] as string,
      tag: match[2] as string,
    })),
  };
}

function readJsonObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
