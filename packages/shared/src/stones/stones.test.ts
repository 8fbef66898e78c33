import { describe, expect, it } from 'vitest';
import { disclosureProblem, saysBareDiamond, stoneName } from './stones';

const lab = [{ kind: 'diamond', origin: 'laboratory-grown' as const }];

describe('laboratory-grown disclosure', () => {
  it('refuses a bare "diamond" for laboratory-grown diamonds, naming the rule', () => {
    const problem = disclosureProblem({
      title: 'Diamond solitaire ring',
      description: 'x',
      stones: lab,
    });
    expect(problem).toContain('title');
    expect(problem).toContain('laboratory-grown diamond');
    expect(
      disclosureProblem({ title: 'Solitaire', description: 'A brilliant diamond', stones: lab }),
    ).toContain('description');
  });

  it('accepts the qualified name, and natural diamonds named plainly', () => {
    expect(
      disclosureProblem({
        title: 'Laboratory-grown diamond ring',
        description: 'Two lab-grown diamonds',
        stones: lab,
      }),
    ).toBeNull();
    expect(
      disclosureProblem({
        title: 'Diamond ring',
        description: '',
        stones: [{ kind: 'diamond', origin: 'natural' }],
      }),
    ).toBeNull();
    expect(saysBareDiamond('laboratory-grown diamonds and a diamond')).toBe(true);
  });

  it('names stones with the qualifier', () => {
    expect(stoneName(lab[0]!)).toBe('laboratory-grown diamond');
    expect(stoneName({ kind: 'ruby', origin: 'natural' })).toBe('ruby');
  });
});
