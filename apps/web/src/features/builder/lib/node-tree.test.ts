import type { BuilderNode } from '@ks/contract/builder';
import { describe, expect, it } from 'vitest';
import { makeNodeId } from '@/test/factories.ts';
import { buildNodeTree, moveBodyOfDrop, subtreeIdsOf } from './node-tree.ts';

// The tree's nodes by name: ids are UUIDs as the server gives them, names keep the cases readable.
const ID = { a: makeNodeId(), b: makeNodeId(), c: makeNodeId(), a1: makeNodeId(), a2: makeNodeId() };
type Name = keyof typeof ID;
const node = (name: Name, parent: Name | null = null): BuilderNode => ({
  id: ID[name],
  parentId: parent ? ID[parent] : null,
  title: name,
  icon: '',
  itShows: '是',
  nodeProperties: 'directory',
  gnCoding: name,
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
    expect(tree.map((item) => item.key)).toEqual([ID.a, ID.b, ID.c]);
    expect(tree[0]?.children.map((item) => item.key)).toEqual([ID.a1, ID.a2]);
  });

  it('collects a subtree', () => {
    expect(subtreeIdsOf(nodes, ID.a)).toEqual([ID.a, ID.a1, ID.a2]);
  });

  it.each([
    [
      { drag: 'c', target: 'a', dropToGap: false, isAfter: false },
      { parent: 'a', index: 0 },
    ],
    [
      { drag: 'c', target: 'a', dropToGap: true, isAfter: false },
      { parent: null, index: 0 },
    ],
    [
      { drag: 'a', target: 'b', dropToGap: true, isAfter: true },
      { parent: null, index: 1 },
    ],
    [
      { drag: 'b', target: 'a2', dropToGap: true, isAfter: false },
      { parent: 'a', index: 1 },
    ],
  ] as const)('turns drop %j into a move to %j', (drop, expected) => {
    const { drag, target, ...rest } = drop;
    expect(moveBodyOfDrop(nodes, { dragId: ID[drag], targetId: ID[target], ...rest })).toEqual({
      nodeId: ID[drag],
      targetParentId: expected.parent ? ID[expected.parent] : null,
      index: expected.index,
    });
  });
});
