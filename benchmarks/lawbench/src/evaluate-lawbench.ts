import type { Evaluation, Execution, Instance } from '@forge/program';
import { finalResponse } from '@forge/program';
import { chargeCatalogue } from './charge-catalogue.js';
import { type ChargeRule, parseCharges } from './parse-charges.js';
import { goldChargeSet, sameCharges } from './score-charges.js';

const ruleDescriptions: Readonly<Record<ChargeRule, string>> = {
  block: 'the [罪名]…<eoa> block',
  label: 'the text after "罪名:" (no [罪名]…<eoa> block was found)',
  text: 'the whole answer text (no [罪名]…<eoa> block or "罪名:" was found)',
};

const catalogue = new Set(chargeCatalogue);

/** Scores one LawBench execution with `scoreCharges`'s rules and explains the verdict. */
export function evaluateLawbench(instance: Instance, execution: Execution): Evaluation {
  const gold = goldChargeSet(instance.gold['charges'] as readonly string[] | string);
  const parsed = parseCharges(finalResponse(execution));
  const predicted = parsed.charges;
  const source = `${ruleDescriptions[parsed.rule]}${parsed.separator === null ? '' : `, split on '${parsed.separator}'`}`;
  if (sameCharges(predicted, gold)) {
    return {
      score: 1,
      feedback: `Predicted charges ${show(predicted)} (from ${source}) match the gold charges.`,
    };
  }
  if (predicted.length === 0) {
    return {
      score: 0,
      feedback: `No charges could be parsed from ${ruleDescriptions[parsed.rule]}. The gold charges are ${show(gold)}. Write the final charges as [罪名]X;Y<eoa>.`,
    };
  }
  const missing = gold.filter((charge) => !predicted.includes(charge));
  const extra = predicted.filter((charge) => !gold.includes(charge));
  let feedback = `Predicted charges ${show(predicted)} (from ${source}) but the gold charges are ${show(gold)}.`;
  if (missing.length > 0) feedback += ` Missing: ${show(missing)}.`;
  if (extra.length > 0) feedback += ` Not in the gold set: ${show(extra)}.`;
  const suffixed = extra.filter(
    (charge) => charge.endsWith('罪') && gold.includes(charge.slice(0, -1)),
  );
  if (suffixed.length > 0) feedback += ' Charge names must not carry the suffix 罪.';
  const unknown = extra.filter((charge) => !catalogue.has(charge));
  if (unknown.length > 0) feedback += ` Not official charge names: ${show(unknown)}.`;
  return { score: 0, feedback };
}

function show(charges: readonly string[]): string {
  return `[${charges.join('; ')}]`;
}
