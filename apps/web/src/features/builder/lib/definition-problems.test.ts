import { emptyNodeDefinition } from '@ks/contract/node-definition';
import { describe, expect, it } from 'vitest';
import { describeDefinitionProblems } from './definition-problems.ts';

describe('describeDefinitionProblems', () => {
  it('names functions a draft offers that the button dictionary lacks, as the server refuses them', () => {
    const definition = { ...emptyNodeDefinition(), functions: ['save', 'spread', 'certify'] };
    const dictionary = ['save', 'submit', 'certify'];
    expect(describeDefinitionProblems(definition, dictionary)).toEqual([
      '功能按钮：“展开”功能尚未开放，请取消勾选',
    ]);
    expect(describeDefinitionProblems({ ...definition, functions: ['save', 'certify'] }, dictionary)).toEqual(
      [],
    );
    // Before the dictionary has loaded, the server alone decides.
    expect(describeDefinitionProblems(definition)).toEqual([]);
  });
});
