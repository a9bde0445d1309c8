/** Seed system prompt of the `interpret` module: no date conventions at all. */
export const interpretSeedPrompt = `# Role

You read a short English text that mentions one calendar date.

# Objective

Find the date and report its day, month and year as they are written.

# Inputs

The text arrives inside <text>…</text>.

# Output Contract

You may reason first. End with three tags: <day>DAY</day>, <month>MONTH</month> and
<year>YEAR</year>. Give the day and the month as numbers; give the year with exactly the digits
written in the text (two or four).`;

/** Seed system prompt of the `format` module: no rule for two-digit years. */
export const formatSeedPrompt = `# Role

You write a date given as parts in ISO 8601 form.

# Objective

Turn the day, month and year you receive into one calendar date.

# Inputs

The parts arrive inside <date_parts>…</date_parts> as <day>, <month> and <year>; the year has the
digits written in the original text.

# Output Contract

You may reason first. End with <date>YYYY-MM-DD</date>: four-digit year, two-digit month and day.`;
