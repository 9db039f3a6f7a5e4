import {
  FUNCTIONS_SAVED_MESSAGE,
  type FunctionGrant,
  GRANTABLE_ROLES,
  type GrantableRole,
  type NodeAuthority,
  roleMayUseFunction,
} from '@ks/contract/authority';
import { LOGIN_ROLE_TYPE_LABELS } from '@ks/contract/session';
import { Alert, App, Button, Card, Checkbox, Empty, Select, Space, Spin, Table } from 'antd';
import { useState } from 'react';
import { ERROR_CODES } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { isApiError } from '@/lib/http.ts';
import { useAuditOrgs } from '../api/audit-orgs.ts';
import { useNodeAuthority, useSaveFunctions } from '../api/node-authority.ts';

export const CONFLICT_MESSAGE = '数据已被他人修改，请刷新后重试';
export const DEFAULTS_NOTICE = '该节点尚未单独设置权限，下表为当前生效的默认权限；保存后按此处设置生效。';

type Row = { code: FunctionGrant['functionCode']; label: string; grant: FunctionGrant };

function Matrix({ authority, reload }: { authority: NodeAuthority; reload: () => Promise<unknown> }) {
  const { modal } = App.useApp();
  const { data: orgs = [] } = useAuditOrgs();
  const [grants, setGrants] = useState<FunctionGrant[]>(authority.grants);
  const [visibleRoles, setVisibleRoles] = useState<GrantableRole[]>(authority.visibleRoles);
  const [problem, setProblem] = useState('');
  const { mutate, isPending } = useSaveFunctions();
  const grantOf = (code: FunctionGrant['functionCode']): FunctionGrant =>
    grants.find((grant) => grant.functionCode === code) ?? { functionCode: code, roles: [], orgIds: [] };
  const setGrant = (next: FunctionGrant) =>
    setGrants([...grants.filter((grant) => grant.functionCode !== next.functionCode), next]);
  const rows: Row[] = authority.offered.map((offer) => ({
    code: offer.code,
    label: offer.label,
    grant: grantOf(offer.code),
  }));

  const onSave = () =>
    mutate(
      {
        nodeId: authority.nodeId,
        // Only the functions the node offers, each once, without empty grants.
        grants: rows
          .map((row) => row.grant)
          .filter((grant) => grant.roles.length > 0 || grant.orgIds.length > 0),
        visibleRoles,
        version: authority.version,
      },
      {
        onSuccess: () => {
          setProblem('');
          getFeedback().successMessage(FUNCTIONS_SAVED_MESSAGE);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.code === ERROR_CODES.CONFLICT)
            modal.confirm({
              title: '保存失败',
              content: CONFLICT_MESSAGE,
              okText: '重新加载',
              cancelText: '取消',
              onOk: () => reload(),
            });
          else if (error.code === ERROR_CODES.BAD_REQUEST) setProblem(error.message);
        },
      },
    );

  const roleColumn = (role: GrantableRole) => ({
    title: `${LOGIN_ROLE_TYPE_LABELS[role]}（${role}）`,
    key: role,
    render: (_: unknown, row: Row) => (
      <Checkbox
        aria-label={`${row.label}-${LOGIN_ROLE_TYPE_LABELS[role]}`}
        checked={row.grant.roles.includes(role)}
        // A role that may not use the function at all (分配 is for administrators) cannot be given it;
        // a grant saved before the rule can still be taken back.
        disabled={!roleMayUseFunction(role, row.code) && !row.grant.roles.includes(role)}
        onChange={(event) =>
          setGrant({
            ...row.grant,
            roles: event.target.checked
              ? GRANTABLE_ROLES.filter((one) => one === role || row.grant.roles.includes(one))
              : row.grant.roles.filter((one) => one !== role),
          })
        }
      />
    ),
  });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {!authority.customised ? <Alert type="info" showIcon message={DEFAULTS_NOTICE} /> : null}
      {problem ? <Alert type="error" showIcon message={problem} /> : null}
      <Card size="small" title="功能权限">
        <Table<Row>
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: '该节点没有功能按钮，请先在节点配置的“功能按钮”中选择' }}
          columns={[
            { title: '功能', dataIndex: 'label' },
            ...GRANTABLE_ROLES.map(roleColumn),
            {
              title: '审核机构',
              key: 'orgs',
              render: (_, row) => (
                <Select
                  aria-label={`${row.label}-审核机构`}
                  mode="multiple"
                  style={{ minWidth: 220 }}
                  placeholder="选择审核机构"
                  value={row.grant.orgIds}
                  notFoundContent="还没有审核机构"
                  options={orgs.map((org) => ({ value: org.id, label: org.name }))}
                  onChange={(orgIds: string[]) => setGrant({ ...row.grant, orgIds })}
                />
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title="菜单可见">
        <Space>
          <span>以下角色在菜单中看到该节点：</span>
          <Checkbox.Group
            aria-label="菜单可见角色"
            value={visibleRoles}
            options={GRANTABLE_ROLES.map((role) => ({ value: role, label: LOGIN_ROLE_TYPE_LABELS[role] }))}
            onChange={(roles) =>
              setVisibleRoles(GRANTABLE_ROLES.filter((role) => (roles as string[]).includes(role)))
            }
          />
        </Space>
      </Card>
      <Button type="primary" loading={isPending} onClick={onSave}>
        保存权限
      </Button>
    </Space>
  );
}

/** A node's function × role/organisation matrix and menu visibility (save-functions). */
export function NodePermissionsPanel({ nodeId }: { nodeId: string }) {
  const { data: authority, isLoading, refetch } = useNodeAuthority(nodeId);
  if (isLoading) return <Spin />;
  if (!authority) return <Empty description="无法读取该节点的权限" />;
  // Keyed by version: a save or reload starts the matrix from the server's state.
  return <Matrix key={`${authority.nodeId}:${authority.version}`} authority={authority} reload={refetch} />;
}
