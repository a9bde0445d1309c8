import { type Bullet, isVisibleTo, type Playbook } from './playbook.js';
import { referenceHeading } from './reference-section-slug.js';

/** How to render a playbook. */
export interface RenderPlaybookOptions {
  /** Render only the bullets this module's prompt shows; default every bullet. */
  readonly module?: string;
  /** Annotate scoped bullets with `module=<name>` (the curator's and reflector's view). */
  readonly showModules?: boolean;
  /** Render sections without bullets as `(empty)` (the curator's view, so it sees every section). */
  readonly emptySections?: boolean;
  /**
   * Section headings: the section's name (`names`, the default) or, under `profile: reference`,
   * the reference's own heading for the default sections (`## STRATEGIES & INSIGHTS`).
   */
  readonly headings?: 'names' | 'reference';
}

/**
 * One bullet as the reference writes it, `[id] helpful=H harmful=M :: content`, with the module
 * scope before the separator when asked.
 */
export function renderBulletLine(bullet: Bullet, options: { showModule?: boolean } = {}): string {
  const scope = options.showModule && bullet.module !== null ? ` module=${bullet.module}` : '';
  return `[${bullet.id}] helpful=${bullet.helpful} harmful=${bullet.harmful}${scope} :: ${bullet.content}`;
}

/** The playbook as text: a `## section` heading per section, then its bullets in order. */
export function renderPlaybook(playbook: Playbook, options: RenderPlaybookOptions = {}): string {
  const parts: string[] = [];
  for (const section of playbook.sections) {
    const lines = playbook.bullets
      .filter((bullet) => bullet.section === section)
      .filter((bullet) => options.module === undefined || isVisibleTo(bullet, options.module))
      .map((bullet) => renderBulletLine(bullet, { showModule: options.showModules ?? false }));
    if (lines.length === 0 && !options.emptySections) continue;
    const heading = options.headings === 'reference' ? referenceHeading(section) : section;
    // The reference shows an empty section as its bare heading.
    const empty = options.headings === 'reference' ? '' : '\n(empty)';
    parts.push(`## ${heading}${lines.length > 0 ? `\n${lines.join('\n')}` : empty}`);
  }
  return parts.join('\n\n');
}

/** A token estimate of four characters per token (no tokenizer is available offline). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The playbook's size in estimated tokens: every bullet with its scope, under its section. */
export function playbookTokens(playbook: Playbook): number {
  return estimateTokens(renderPlaybook(playbook, { showModules: true }));
}
