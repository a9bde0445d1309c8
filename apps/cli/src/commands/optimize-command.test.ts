import { methodIds } from '@forge/sdk';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addRunFlags } from './optimize-command.js';

describe('forge optimize flags', () => {
  it('names every built-in method in the --method help', () => {
    const option = addRunFlags(new Command('optimize')).options.find(
      (entry) => entry.long === '--method',
    );
    // "optimizer: forge (default) | prompt-search | … , or another installed method"
    const listed = (option?.description ?? '')
      .replace(/^optimizer: /, '')
      .replace(/, or another installed method$/, '')
      .split(' | ')
      .map((entry) => entry.replace(' (default)', ''));
    expect(listed.sort()).toEqual(methodIds().sort());
  });
});
