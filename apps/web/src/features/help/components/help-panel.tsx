import { HELP_KIND_LABELS, type HelpGroup, type HelpKind, NO_HELP_MESSAGE } from '@ks/contract/help';
import { Button, Drawer, Empty, Skeleton, Tabs, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { getFeedback } from '@/lib/feedback.ts';
import './help-panel.css';
import { useHelpTree } from '../api/get-help-tree.ts';
import { HelpPreview } from './help-preview.tsx';

/** First item to show: the first file of the guide tree, or the first group (its Q&A) otherwise. */
export function firstItemOf(groups: HelpGroup[]): HelpGroup | null {
  const walk = (nodes: HelpGroup[]): HelpGroup | null => {
    for (const node of nodes) {
      if (node.nodeType === 'file') return node;
      const inner = walk(node.children);
      if (inner) return inner;
    }
    return null;
  };
  return walk(groups) ?? groups[0] ?? null;
}

function indexNodes(groups: HelpGroup[], into = new Map<string, HelpGroup>()) {
  for (const node of groups) {
    into.set(node.id, node);
    indexNodes(node.children, into);
  }
  return into;
}

type TreeNode = { key: string; title: string; isLeaf: boolean; children: TreeNode[] };
const toTreeData = (groups: HelpGroup[]): TreeNode[] =>
  groups.map((node) => ({
    key: node.id,
    title: node.groupName,
    isLeaf: node.nodeType === 'file',
    children: toTreeData(node.children),
  }));

function HelpTab({ kind, active }: { kind: HelpKind; active: boolean }) {
  const [searchParams] = useSearchParams();
  const scope = {
    systemCoding: searchParams.get('systemCoding') ?? '',
    gnCoding: searchParams.get('gnCoding') ?? '',
  };
  const { data, isPending, isSuccess } = useHelpTree(kind, scope, active);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const nodes = useMemo(() => indexNodes(data ?? []), [data]);

  // When the groups load, the first item is selected; none at all is said once.
  useEffect(() => {
    if (!isSuccess || !active) return;
    const first = firstItemOf(data);
    setSelectedId(first?.id ?? null);
    if (!first) getFeedback().warnMessage(NO_HELP_MESSAGE);
  }, [isSuccess, data, active]);

  if (!active) return null;
  if (isPending) return <Skeleton active />;
  if (!data || data.length === 0) return <Empty description="暂无数据" />;
  const selected = selectedId ? (nodes.get(selectedId) ?? null) : null;
  return (
    <div className="ks-help-body">
      <div className="ks-help-tree">
        <Tree
          blockNode
          defaultExpandAll
          treeData={toTreeData(data)}
          selectedKeys={selectedId ? [selectedId] : []}
          onSelect={(keys) => {
            if (keys[0]) setSelectedId(String(keys[0]));
          }}
        />
      </div>
      <div className="ks-help-preview">
        <HelpPreview node={selected} />
      </div>
    </div>
  );
}

/**
 * The help panel: 帮助说明 (PDFs and videos) and 常见问题 (Q&A). Switching tabs resets the list
 *: the inactive tab is unmounted, so its tree and selection start again.
 */
export function HelpPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [kind, setKind] = useState<HelpKind>('guide');
  return (
    <Drawer
      title="帮助中心"
      open={open}
      onClose={onClose}
      size={960}
      destroyOnHidden
      className="ks-help-panel"
    >
      <Tabs
        activeKey={kind}
        onChange={(key) => setKind(key as HelpKind)}
        destroyOnHidden
        items={(['guide', 'faq'] as const).map((key) => ({
          key,
          label: HELP_KIND_LABELS[key],
          children: <HelpTab key={key} kind={key} active={kind === key} />,
        }))}
      />
    </Drawer>
  );
}

/** Header entry of the help panel. */
export function HelpButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" onClick={() => setOpen(true)} className="ks-help-button">
        帮助
      </Button>
      <HelpPanel open={open} onClose={() => setOpen(false)} />
    </>
  );
}
