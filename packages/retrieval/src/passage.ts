/** Separator between a passage's title and its text, as in the wiki-abstracts corpus. */
export const passageSeparator = ' | ';

/** Formats a passage the way the wiki-abstracts corpus and ColBERT server do: `"Title | text"`. */
export function formatPassage(title: string, text: string): string {
  return `${title}${passageSeparator}${text}`;
}

/**
 * The title of a passage: the text before the first `" | "` (the whole passage when there is
 * none), as the HoVer reference metric splits it.
 */
export function passageTitle(passage: string): string {
  const separator = passage.indexOf(passageSeparator);
  return separator < 0 ? passage : passage.slice(0, separator);
}
