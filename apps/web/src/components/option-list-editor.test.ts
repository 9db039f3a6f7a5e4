import { describe, expect, it } from 'vitest';
import { optionListProblem } from './option-list-editor.tsx';

describe('optionListProblem', () => {
  it('refuses empty, duplicate and unstorable values anywhere in the tree', () => {
    expect(optionListProblem([{ label: '甲', value: '' }])).toBe('选项的名称和值不能为空');
    expect(
      optionListProblem([
        { label: '甲', value: 'a' },
        { label: '乙', value: 'a' },
      ]),
    ).toBe('选项值“a”重复');
    expect(
      optionListProblem([{ label: '江苏', value: 'js', children: [{ label: '南京', value: 'js/nj' }] }]),
    ).toBe('选项值「js/nj」不能包含分号、斜杠或逗号');
    expect(
      optionListProblem([{ label: '江苏', value: 'js', children: [{ label: '南京', value: 'nj' }] }]),
    ).toBeNull();
  });
});
