import { emptyNodeDefinition } from '@ks/contract/node-definition';
import { describe, expect, it } from 'vitest';
import { describeDefinitionProblems } from './definition-problems.ts';

describe('describeDefinitionProblems', () => {
  it('names reserved functions a draft still offers, as the server refuses them', () => {
    const definition = { ...emptyNodeDefinition(), functions: ['save' as const, 'spread' as const] };
    expect(describeDefinitionProblems(definition)).toEqual(['功能按钮：“展开”功能尚未开放，请取消勾选']);
    expect(describeDefinitionProblems({ ...definition, functions: ['save'] })).toEqual([]);
  });
});
