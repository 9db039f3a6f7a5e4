import type { BuilderNode } from '@ks/contract/builder';
import { NODE_PROPERTY_LABELS } from '@ks/contract/shell';
import {
  Button,
  Card,
  Empty,
  Modal,
  Popconfirm,
  Result,
  Select,
  Space,
  Tag,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getFeedback } from '@/lib/feedback.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { useDeleteStructure } from '../api/delete-structure.ts';
import { useNodes } from '../api/find-nodes.ts';
import { useSystems } from '../api/find-systems.ts';
import { useMoveNode } from '../api/move-node.ts';
import { NodeFormDialog, type NodeFormTarget } from '../components/node-form-dialog.tsx';
import { buildNodeTree, moveBodyOfDrop, type NodeTreeItem, subtreeIdsOf } from '../lib/node-tree.ts';

/** What deleting a node takes with it, said before it happens. */
export const deleteNodeText = (title: string, below: number) =>
  below > 0 ? `确定删除节点“${title}”吗？它的${below}个下级节点将一并删除。` : `确定删除节点“${title}”吗？`;

const TOP_LEVEL = '__top__';

/** Moving by choice instead of by dragging: the node goes last under the chosen parent. */
function MoveDialog({
  nodes,
  node,
  onClose,
}: {
  nodes: BuilderNode[];
  node: BuilderNode;
  onClose: () => void;
}) {
  const [targetId, setTargetId] = useState<string>(node.parentId ?? TOP_LEVEL);
  const { mutate, isPending } = useMoveNode();
  const excluded = new Set(subtreeIdsOf(nodes, node.id));
  const options = [
    { value: TOP_LEVEL, label: '（顶层）' },
    ...nodes
      .filter((other) => !excluded.has(other.id))
      .map((other) => ({ value: other.id, label: other.title })),
  ];
  const onOk = () => {
    const targetParentId = targetId === TOP_LEVEL ? null : targetId;
    const index = nodes.filter((other) => other.parentId === targetParentId && other.id !== node.id).length;
    mutate(
      { nodeId: node.id, targetParentId, index },
      {
        onSuccess: () => {
          getFeedback().successMessage('操作成功');
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      title={`移动节点“${node.title}”`}
      open
      onCancel={onClose}
      onOk={onOk}
      confirmLoading={isPending}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <span>移动到以下节点之下（排在最后）：</span>
        <Select
          aria-label="目标上级节点"
          style={{ width: '100%' }}
          value={targetId}
          onChange={setTargetId}
          options={options}
        />
      </Space>
    </Modal>
  );
}

/**
 * /system/menuSetUp?systemCoding=: a system's menu tree for developers. Drag a node
 * onto another to nest it, or between two to reorder; 移动 does the same by choice.
 */
export function MenuSetUpPage() {
  const isDev = useSessionStore((state) => state.isDev);
  const [params] = useSearchParams();
  const systemCoding = params.get('systemCoding') ?? '';
  const { data: systems } = useSystems();
  const { data: nodes = [], isLoading } = useNodes(isDev ? systemCoding : '');
  const { mutate: moveNode } = useMoveNode();
  const { mutate: deleteStructure } = useDeleteStructure();
  const [formTarget, setFormTarget] = useState<NodeFormTarget | null>(null);
  const [moving, setMoving] = useState<BuilderNode | null>(null);
  // Collapsed rather than expanded keys are kept, so nodes added or moved in show open.
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const navigate = useNavigate();

  const treeData = useMemo(() => {
    const toData = (item: NodeTreeItem): TreeDataNode => ({
      key: item.key,
      children: item.children.map(toData),
    });
    return buildNodeTree(nodes).map(toData);
  }, [nodes]);
  // Keyed by the tree's keys (strings), so a tree event finds the node the answer gave.
  const nodeById = useMemo(() => new Map<string, BuilderNode>(nodes.map((node) => [node.id, node])), [nodes]);

  if (!isDev) return <Result status="403" title="无权限访问" subTitle="菜单设置仅限开发人员使用" />;
  if (!systemCoding)
    return <Result status="warning" title="请选择系统" subTitle="请从全部系统中打开一个系统的菜单设置" />;
  const system = systems?.find((candidate) => candidate.gnCoding === systemCoding);

  const renderTitle = (data: TreeDataNode) => {
    const node = nodeById.get(String(data.key));
    if (!node) return null;
    const below = subtreeIdsOf(nodes, node.id).length - 1;
    return (
      <Space size="small" className="ks-builder-node">
        <span>{node.title}</span>
        <Tag>{NODE_PROPERTY_LABELS[node.nodeProperties]}</Tag>
        {node.itShows === '否' ? <Tag color="default">隐藏</Tag> : null}
        {node.disabled ? <Tag color="red">停用</Tag> : null}
        <Button size="small" type="link" onClick={() => setFormTarget({ kind: 'add', parentId: node.id })}>
          添加子节点
        </Button>
        <Button size="small" type="link" onClick={() => setFormTarget({ kind: 'edit', node })}>
          编辑
        </Button>
        <Button size="small" type="link" onClick={() => setMoving(node)}>
          移动
        </Button>
        {node.nodeProperties !== 'directory' ? (
          <Button
            size="small"
            type="link"
            onClick={() =>
              navigate(
                `/system/setUpList?${new URLSearchParams({ systemCoding, gnCoding: node.gnCoding }).toString()}`,
              )
            }
          >
            节点配置
          </Button>
        ) : null}
        <Popconfirm
          title="删除节点"
          description={deleteNodeText(node.title, below)}
          okText="删除"
          cancelText="取消"
          onConfirm={() =>
            deleteStructure(
              { nodeId: node.id },
              { onSuccess: () => getFeedback().successMessage('操作成功') },
            )
          }
        >
          <Button size="small" type="link" danger>
            删除
          </Button>
        </Popconfirm>
      </Space>
    );
  };

  return (
    <Card
      title={`菜单设置${system ? `：${system.systemName}` : ''}`}
      extra={
        <Space>
          <Button
            onClick={() => navigate(`/system/displayGroups?systemCoding=${encodeURIComponent(systemCoding)}`)}
          >
            展示分组
          </Button>
          <Button type="primary" onClick={() => setFormTarget({ kind: 'add', parentId: null })}>
            新增顶级节点
          </Button>
        </Space>
      }
      loading={isLoading}
    >
      {nodes.length === 0 ? (
        <Empty description="该系统还没有菜单节点" />
      ) : (
        <Tree
          draggable={{ icon: false }}
          blockNode
          expandedKeys={nodes.filter((node) => !collapsed.has(node.id)).map((node) => node.id)}
          onExpand={(keys) =>
            setCollapsed(new Set(nodes.map((node) => node.id).filter((id) => !keys.includes(id))))
          }
          selectable={false}
          treeData={treeData}
          titleRender={renderTitle}
          onDrop={(info) => {
            const dragged = nodeById.get(String(info.dragNode.key));
            const target = nodeById.get(String(info.node.key));
            if (!dragged || !target) return;
            const position = info.node.pos.split('-');
            const relative = info.dropPosition - Number(position[position.length - 1]);
            moveNode(
              moveBodyOfDrop(nodes, {
                dragId: dragged.id,
                targetId: target.id,
                dropToGap: info.dropToGap,
                isAfter: relative === 1,
              }),
            );
          }}
        />
      )}
      <NodeFormDialog systemCoding={systemCoding} target={formTarget} onClose={() => setFormTarget(null)} />
      {/* Mounted per node, so the choice starts from that node's parent. */}
      {moving ? (
        <MoveDialog key={moving.id} nodes={nodes} node={moving} onClose={() => setMoving(null)} />
      ) : null}
    </Card>
  );
}
