import type { BuilderNode } from '@ks/contract/builder';
import { describe, expect, it } from 'vitest';
import { buildNodeTree, moveBodyOfDrop, subtreeIdsOf } from './node-tree.ts';

const node = (id: string, parentId: string | null = null): BuilderNode => ({
  id,
  parentId,
  title: id,
  icon: '',
  itShows: '是',
  nodeProperties: 'directory',
  gnCoding: id,
  style: '',
  nodeSetFlag: false,
  disabled: false,
  sort: 0,
  version: 1,
});
const nodes = [node('a'), node('b'), node('c'), node('a1', 'a'), node('a2', 'a')];

describe('node tree', () => {
  it('builds the tree in list order', () => {
    const tree = buildNodeTree(nodes);
    expect(tree.map((item) => item.key)).toEqual(['a', 'b', 'c']);
    expect(tree[0]?.children.map((item) => item.key)).toEqual(['a1', 'a2']);
  });

  it('collects a subtree', () => {
    expect(subtreeIdsOf(nodes, 'a')).toEqual(['a', 'a1', 'a2']);
  });

  it.each([
    [
      { dragId: 'c', targetId: 'a', dropToGap: false, isAfter: false },
      { targetParentId: 'a', index: 0 },
    ],
    [
      { dragId: 'c', targetId: 'a', dropToGap: true, isAfter: false },
      { targetParentId: null, index: 0 },
    ],
    [
      { dragId: 'a', targetId: 'b', dropToGap: true, isAfter: true },
      { targetParentId: null, index: 1 },
    ],
    [
      { dragId: 'b', targetId: 'a2', dropToGap: true, isAfter: false },
      { targetParentId: 'a', index: 1 },
    ],
  ])('turns drop %j into a move to %j', (drop, expected) => {
    expect(moveBodyOfDrop(nodes, drop)).toEqual({ nodeId: drop.dragId, ...expected });
  });
});
