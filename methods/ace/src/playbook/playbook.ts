/**
 * One itemized entry of the playbook: a reusable piece of advice with the counters the reflector
 * moves. Bullets are plain data so the playbook serializes as is into checkpoints.
 */
export interface Bullet {
  /** Stable id, `<section slug>-<five digits>`; never reused, even after the bullet is removed. */
  readonly id: string;
  /** The section it is filed under. */
  readonly section: string;
  /** The module whose system prompt shows it; null shows it to every module. */
  readonly module: string | null;
  /** The advice, one line. */
  readonly content: string;
  /** Times the reflector tagged it helpful. */
  readonly helpful: number;
  /** Times the reflector tagged it harmful. */
  readonly harmful: number;
}

/** ACE's evolving context: sections of bullets. It is the candidate ACE optimizes. */
export interface Playbook {
  /** Section names, in rendering order. */
  readonly sections: readonly string[];
  /** Every bullet, in insertion order (a section renders its bullets in this order). */
  readonly bullets: readonly Bullet[];
  /** The number the next new bullet's id gets. */
  readonly nextId: number;
}

/** An empty playbook with the given sections. */
export function createPlaybook(sections: readonly string[]): Playbook {
  return { sections: [...sections], bullets: [], nextId: 1 };
}

/** Counters over the whole playbook, for reports and the curator. */
export interface PlaybookTotals {
  /** Bullets. */
  readonly bullets: number;
  /** Sum of helpful counters. */
  readonly helpful: number;
  /** Sum of harmful counters. */
  readonly harmful: number;
}

/** The playbook's bullet count and counter sums. */
export function playbookTotals(playbook: Playbook): PlaybookTotals {
  let helpful = 0;
  let harmful = 0;
  for (const bullet of playbook.bullets) {
    helpful += bullet.helpful;
    harmful += bullet.harmful;
  }
  return { bullets: playbook.bullets.length, helpful, harmful };
}

/** The bullet with this id, if the playbook has it. */
export function findBullet(playbook: Playbook, id: string): Bullet | undefined {
  return playbook.bullets.find((bullet) => bullet.id === id);
}

/** True when the module's system prompt shows the bullet. */
export function isVisibleTo(bullet: Bullet, module: string): boolean {
  return bullet.module === null || bullet.module === module;
}

/** The id a new bullet of `section` gets when `number` is the playbook's next id. */
export function bulletId(section: string, number: number): string {
  // The reference derives a short slug from the section name; the first word's first four
  // letters keep ids readable (`stra-00001`, `comm-00002`).
  const slug = (section.split('_')[0] ?? section).slice(0, 4) || 'misc';
  return `${slug}-${String(number).padStart(5, '0')}`;
}
