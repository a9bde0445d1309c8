/**
 * JSON for a `<script type="application/json">` block. `<`, `>` and `&` become `\u` escapes
 * (so no `</script>` or `<!--` can end the block early, whatever a model wrote), as do the two
 * line separators that older parsers treat as line ends. JSON.parse reads it back unchanged.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
