import {
  PROJECT_STATE_LABELS,
  PROJECT_STATES,
  type ProjectListQuery,
  type ProjectRow,
} from '@ks/contract/trading';
import { Button, Card, Empty, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '@/lib/format-time.ts';
import { useProjects } from '../api/trading-api.ts';
import { SideTag, StateTag } from '../components/labels.tsx';
import { ProjectForm } from '../components/project-form.tsx';

const detailPath = (id: string) => `/fiveInOne/detail?id=${id}&tab=xmxx`;

/**
 * 五位一体列表: the projects the caller may see (an enterprise those it is a party of, the centre and
 * supervisors all), filtered by state and name or code; enterprises enter a new project here.
 */
export function FiveInOneListPage() {
  const [query, setQuery] = useState<ProjectListQuery>({});
  const [entering, setEntering] = useState(false);
  const projects = useProjects(query);
  const navigate = useNavigate();

  const columns = [
    { title: '项目编号', dataIndex: 'code', key: 'code' },
    {
      title: '项目名称',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row: ProjectRow) => <Link to={detailPath(row.id)}>{name}</Link>,
    },
    { title: '招标人', dataIndex: 'tendereeName', key: 'tendereeName' },
    {
      title: '招标代理',
      dataIndex: 'agentName',
      key: 'agentName',
      render: (name: string | null) => name ?? '—',
    },
    { title: '标段数', dataIndex: 'sectionCount', key: 'sectionCount' },
    {
      title: '状态',
      dataIndex: 'state',
      key: 'state',
      render: (state: ProjectRow['state']) => <StateTag state={state} />,
    },
    {
      title: '我的身份',
      dataIndex: 'side',
      key: 'side',
      render: (side: ProjectRow['side']) => <SideTag side={side} />,
    },
    { title: '更新时间', dataIndex: 'updatedAt', key: 'updatedAt', render: (at: string) => formatTime(at) },
  ];

  return (
    <Card
      title="五位一体"
      extra={
        projects.data?.mayEnter && (
          <Button type="primary" onClick={() => setEntering(true)}>
            项目进场登记
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="状态"
          style={{ width: 140 }}
          value={query.state}
          onChange={(state) => setQuery((current) => ({ ...current, state }))}
          options={PROJECT_STATES.map((state) => ({ value: state, label: PROJECT_STATE_LABELS[state] }))}
        />
        <Input.Search
          allowClear
          placeholder="项目名称或编号"
          aria-label="关键字"
          style={{ width: 260 }}
          onSearch={(keyword) =>
            setQuery((current) => ({ ...current, keyword: keyword.trim() || undefined }))
          }
        />
      </Space>
      <Table<ProjectRow>
        rowKey="id"
        loading={projects.isLoading}
        dataSource={projects.data?.records ?? []}
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{
          emptyText: (
            <Empty
              description={
                projects.data?.mayEnter ? '暂无项目，可点击“项目进场登记”登记您的项目' : '暂无项目'
              }
            />
          ),
        }}
      />
      {entering && (
        <ProjectForm
          project={null}
          onCancel={() => setEntering(false)}
          onSaved={(saved) => {
            setEntering(false);
            navigate(detailPath(saved.id));
          }}
        />
      )}
    </Card>
  );
}
