/** A bullet as the ACE contracts render it: `[id] helpful=H harmful=M [module=m] :: content`. */
export interface RenderedBullet {
  /** Its id. */
  readonly id: string;
  /** Helpful count. */
  readonly helpful: number;
  /** Harmful count. */
  readonly harmful: number;
  /** The module it is scoped to; null for every module. */
  readonly module: string | null;
  /** Its advice. */
  readonly content: string;
  /** The `## section` it sits under, when the text has section headings. */
  readonly section: string | null;
}

/**
 * Reads the bullets of a rendered playbook or bullet list (ACE's reflector and curator messages),
 * in order, with the snake-case `## section` each sits under.
 */
export function readPlaybookBullets(text: string): RenderedBullet[] {
  const bullets: RenderedBullet[] = [];
  let section: string | null = null;
  for (const line of text.split('\n')) {
    const heading = /^## (\S+)\s*$/.exec(line);
    if (heading !== null) {
      section = heading[1] ?? null;
      continue;
    }
    const match = /^\[([^\]]+)\] helpful=(\d+) harmful=(\d+)(?: module=(\S+))? :: (.*)$/.exec(line);
    if (match === null) continue;
    bullets.push({
      id: match[1] as string,
      helpful: Number(match[2]),
      harmful: Number(match[3]),
      module: match[4] ?? null,
      content: (match[5] as string).trim(),
      section,
    });
  }
  return bullets;
}

/**
 * The section headings (`## name`) of a rendered playbook, in order, trimmed: snake-case ids
 * (`strategies_and_insights`), or the reference's own headings (`STRATEGIES & INSIGHTS`) under
 * ACE's `profile: reference`.
 */
export function readPlaybookSections(text: string): string[] {
  return [...text.matchAll(/^## (.+)$/gm)].map((match) => (match[1] as string).trim());
}
