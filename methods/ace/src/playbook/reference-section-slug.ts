/**
 * A section name as the reference normalises it before looking it up: lowercased, spaces to
 * underscores, `&` to `and`, nothing trimmed (ace-agent/ace `ba78d34`, `playbook_utils.py:146`
 * for an ADD's section, `:117` for the playbook's headings). So `STRATEGIES & INSIGHTS`,
 * `Strategies & Insights` and `strategies_and_insights` name the same section, while
 * ` strategies_and_insights` (a leading space) names none.
 */
export function referenceSectionName(raw: string): string {
  return raw.toLowerCase().replaceAll(' ', '_').replaceAll('&', 'and');
}

// ace/ace.py:97–109: the headings of the reference's empty playbook, by the name Forge gives each
// section. All but one normalise back to that name; `PROBLEM-SOLVING HEURISTICS` keeps its hyphen
// (`problem-solving_heuristics`), so the reference files an ADD to `problem_solving_heuristics`
// under OTHERS.
const defaultHeadings: Readonly<Record<string, string>> = {
  strategies_and_insights: 'STRATEGIES & INSIGHTS',
  formulas_and_calculations: 'FORMULAS & CALCULATIONS',
  code_snippets_and_templates: 'CODE SNIPPETS & TEMPLATES',
  common_mistakes_to_avoid: 'COMMON MISTAKES TO AVOID',
  problem_solving_heuristics: 'PROBLEM-SOLVING HEURISTICS',
  context_clues_and_indicators: 'CONTEXT CLUES & INDICATORS',
  others: 'OTHERS',
};

/**
 * A section's heading as the reference writes it: its own heading for the seven sections of its
 * empty playbook (`ace/ace.py:97–109`), the section's name for any other.
 */
export function referenceHeading(section: string): string {
  return defaultHeadings[section] ?? section;
}

// utils.py:47–56: the reference's fixed slugs. Its own default heading `STRATEGIES & INSIGHTS`
// is not among them (the map names `financial_strategies_and_insights`), so it gets `sai`.
const fixedSlugs: Readonly<Record<string, string>> = {
  financial_strategies_and_insights: 'fin',
  formulas_and_calculations: 'calc',
  code_snippets_and_templates: 'code',
  common_mistakes_to_avoid: 'err',
  problem_solving_heuristics: 'prob',
  context_clues_and_indicators: 'ctx',
  others: 'misc',
  meta_strategies: 'meta',
};

/**
 * The prefix of a new bullet's id under `profile: reference`, as the reference's
 * `get_section_slug` derives it (`utils.py:44–69`): a fixed slug for eight known names (`misc`
 * for `others`, `calc`, `err`, …), else the first four letters of a one-word name, else the first
 * letters of up to five words (`strategies_and_insights` → `sai`).
 */
export function referenceSectionSlug(section: string): string {
  const clean = referenceSectionName(section.toLowerCase().trim());
  const fixed = fixedSlugs[clean];
  if (fixed !== undefined) return fixed;
  const words = clean.split('_');
  if (words.length === 1) return (words[0] ?? '').slice(0, 4);
  return words
    .slice(0, 5)
    .map((word) => word.slice(0, 1))
    .join('');
}
