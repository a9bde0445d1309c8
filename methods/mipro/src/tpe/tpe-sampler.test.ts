import { createRandom } from '@forge/program';
import { describe, expect, it } from 'vitest';
import { goodGroupSize, suggestTpe, type TpeObservation } from './tpe-sampler.js';

// A synthetic objective with a known optimum: each parameter's choices have hidden qualities,
// the best choice of each is worth 1, and one pair interacts (the best pair gets a bonus), as
// an instruction and a demo set of one module would.
function objective(seed: number, choices: readonly number[]) {
  const random = createRandom(seed, 'objective');
  const quality = choices.map((count) => {
    const values = Array.from({ length: count }, () => random.next() * 0.7);
    values[random.int(count)] = 1;
    return values;
  });
  const optimum = quality.map((values) => values.indexOf(1));
  const value = (point: readonly number[]) => {
    const sum = point.reduce(
      (total, choice, parameter) => total + (quality[parameter]?.[choice] ?? 0),
      0,
    );
    const bonus = point[0] === optimum[0] && point[1] === optimum[1] ? 1 : 0;
    return (sum + bonus) / (choices.length + 1);
  };
  return { value, optimum, best: value(optimum) };
}

function search(
  seed: number,
  choices: readonly number[],
  trials: number,
  pick: (observations: TpeObservation[], trial: number) => number[],
): number {
  const { value } = objective(seed, choices);
  const observations: TpeObservation[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const params = pick(observations, trial);
    observations.push({ params, value: value(params) });
  }
  return Math.max(...observations.map((observation) => observation.value));
}

const choices = [6, 6, 6, 6];

describe('suggestTpe', () => {
  it('draws uniformly during the startup trials, then from the model', () => {
    const random = createRandom(1, 'test');
    const point = suggestTpe([3, 4], [], random);
    expect(point).toHaveLength(2);
    expect(point[0]).toBeLessThan(3);
    expect(point[1]).toBeLessThan(4);
    expect(goodGroupSize(10)).toBe(1);
    expect(goodGroupSize(11)).toBe(2);
    expect(goodGroupSize(1000)).toBe(25);
  });

  it('is a pure function of the observations and the random stream', () => {
    const observations = Array.from({ length: 14 }, (_, index) => ({
      params: [index % 3, index % 5],
      value: (index * 7) % 11,
    }));
    const first = suggestTpe([3, 5], observations, createRandom(7, 'tpe', 14));
    const again = suggestTpe(
      [3, 5],
      JSON.parse(JSON.stringify(observations)),
      createRandom(7, 'tpe', 14),
    );
    expect(again).toEqual(first);
  });

  it('concentrates on the good region once it has enough observations', () => {
    // Every observation with choice 2 of the first parameter scored high.
    const observations = Array.from({ length: 30 }, (_, index) => ({
      params: [index % 4, (index * 3) % 5],
      value: index % 4 === 2 ? 1 : 0,
    }));
    const picks = Array.from({ length: 50 }, (_, draw) =>
      suggestTpe([4, 5], observations, createRandom(3, 'draw', draw)),
    );
    expect(picks.filter((point) => point[0] === 2).length).toBeGreaterThanOrEqual(45);
  });

  it('finds better points than random choice on a synthetic objective, over many seeds', () => {
    const seeds = Array.from({ length: 60 }, (_, index) => index);
    const trials = 30;
    let tpeRegret = 0;
    let randomRegret = 0;
    let tpeWins = 0;
    for (const seed of seeds) {
      const { best } = objective(seed, choices);
      const tpe = search(seed, choices, trials, (observations, trial) =>
        suggestTpe(choices, observations, createRandom(seed, 'tpe', trial)),
      );
      const uniform = search(seed, choices, trials, (_, trial) => {
        const random = createRandom(seed, 'random', trial);
        return choices.map((count) => random.int(count));
      });
      tpeRegret += best - tpe;
      randomRegret += best - uniform;
      if (tpe > uniform) tpeWins += 1;
    }
    // Measured: mean regret 0.125 against 0.275, strictly better in 51 of 60 seeds. The margin
    // asserted: TPE's regret is below 60 % of random choice's, and it wins two thirds of seeds.
    expect(tpeRegret).toBeLessThan(0.6 * randomRegret);
    expect(tpeWins).toBeGreaterThanOrEqual(40);
  });
});
