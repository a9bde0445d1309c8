// Paul Tol's "muted" scheme (nine hues told apart with every common colour-vision deficiency)
// and a mid grey for the unoptimized baseline. Forge's methods each own one, so a method has
// the same colour in every suite and every figure; Forge itself takes the darkest.
const methodColors: Readonly<Record<string, string>> = {
  baseline: '#7f7f7f',
  'prompt-search': '#88ccee',
  'random-synthesis': '#ddcc77',
  'failure-memory': '#44aa99',
  forge: '#882255',
  gepa: '#117733',
  'gepa-merge': '#999933',
  ace: '#332288',
  mipro: '#aa4499',
};

/** Where an unknown method's colour is drawn from: the same ten colours. */
const fallbackColors: readonly string[] = [
  '#cc6677',
  '#332288',
  '#88ccee',
  '#44aa99',
  '#117733',
  '#999933',
  '#ddcc77',
  '#882255',
  '#aa4499',
  '#7f7f7f',
];

/** FNV-1a over the id's UTF-16 code units: the same number on every machine, for every id. */
function hashId(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The colour of a method in every figure: fixed for Forge's own methods (baseline, the four
 * ablation variants, Forge, GEPA, GEPA+merge, ACE, MIPROv2), so a suite of any subset draws
 * each method as every other suite does; any other method id is hashed into the same palette
 * (deterministic, but it may share a colour with a known method — its label tells them apart).
 */
export function methodColor(method: string): string {
  return (
    methodColors[method] ?? fallbackColors[hashId(method) % fallbackColors.length] ?? '#7f7f7f'
  );
}

/** The method ids with a colour of their own, in the order of the paper's tables. */
export const methodsWithColors: readonly string[] = Object.keys(methodColors);
