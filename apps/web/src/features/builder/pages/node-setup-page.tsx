import type { FormGroup, FormItem } from '@ks/contract/form-schema';
import {
  DRAFT_SAVED_MESSAGE,
  type DraftState,
  type NodeDefinition,
  PUBLISHED_MESSAGE,
} from '@ks/contract/node-definition';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Spin, Tabs, Tag, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useBlocker, useSearchParams } from 'react-router';
import { ERROR_CODES } from '@/lib/constants.ts';
import { getFeedback } from '@/lib/feedback.ts';
import { isApiError } from '@/lib/http.ts';
import { BUTTON_CHOICES_KEY, type ButtonChoice } from '../api/find-choices.ts';
import { useDraft } from '../api/get-draft.ts';
import { usePublishNode } from '../api/publish-node.ts';
import { useSaveDraft } from '../api/save-draft.ts';
import { NodeTarget, type NodeTargetValue } from '../components/node-target.tsx';
import { AuditTab } from '../components/setup/audit-tab.tsx';
import { CardStyleTab } from '../components/setup/card-style-tab.tsx';
import { ChartsTab } from '../components/setup/charts-tab.tsx';
import { DataSourceTab } from '../components/setup/data-source-tab.tsx';
import { FiltersTab } from '../components/setup/filters-tab.tsx';
import { FormDesignTab } from '../components/setup/form-design-tab.tsx';
import { FunctionsTab } from '../components/setup/functions-tab.tsx';
import { ListColumnsTab } from '../components/setup/list-columns-tab.tsx';
import { describeDefinitionProblems } from '../lib/definition-problems.ts';
import { type OptionLoader, previewOptionLoader } from '../lib/preview-options.ts';

export const SETUP_TABS = {
  form: '表单设计',
  list: '列表设置',
  filters: '筛选设置',
  card: '卡片样式',
  functions: '功能按钮',
  audit: '审核流程',
  charts: '图表设置',
  source: '数据源',
} as const;
export type SetupTab = keyof typeof SETUP_TABS;

export const CONFLICT_MESSAGE = '数据已被他人修改，请刷新后重试';
export const PUBLISH_NEEDS_SAVE_MESSAGE = '请先保存草稿再发布';
export const LEAVE_TITLE = '有未保存的修改';
export const LEAVE_MESSAGE = '离开后未保存的修改将丢失，确定离开吗？';

export type FormPreviewProps = { items: FormItem[]; groups: FormGroup[]; loadOptions: OptionLoader };

type PageProps = {
  title: string;
  initialTab?: SetupTab;
  /** The live form preview: the records area's SchemaForm, composed by the route. */
  renderFormPreview?: (props: FormPreviewProps) => ReactNode;
  /** More of the page below the workspace (e.g. reviewer organisations on /system/auditWay). */
  below?: ReactNode;
};

const sameNode = (a: URLSearchParams, b: URLSearchParams) =>
  a.get('systemCoding') === b.get('systemCoding') && a.get('gnCoding') === b.get('gnCoding');

function Workspace({
  target,
  draft,
  reload,
  title,
  initialTab,
  renderFormPreview,
}: {
  target: NodeTargetValue;
  draft: DraftState;
  reload: () => Promise<unknown>;
} & PageProps) {
  const { modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [base, setBase] = useState<DraftState>(draft);
  const [definition, setDefinition] = useState<NodeDefinition>(draft.definition);
  const [problems, setProblems] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const { mutate: save, isPending: isSaving } = useSaveDraft();
  const { mutate: publish, isPending: isPublishing } = usePublishNode();
  // A new draft from the server (saved, reloaded) replaces what is edited.
  if (draft !== base) {
    setBase(draft);
    setDefinition(draft.definition);
    setProblems([]);
  }
  const isDirty = JSON.stringify(definition) !== JSON.stringify(draft.definition);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!isDirty || currentLocation.pathname === nextLocation.pathname) {
      return (
        isDirty &&
        !sameNode(new URLSearchParams(currentLocation.search), new URLSearchParams(nextLocation.search))
      );
    }
    return true;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: LEAVE_TITLE,
      content: LEAVE_MESSAGE,
      okText: '离开',
      cancelText: '留下',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const onSave = () => {
    // The dictionary as the functions tab loaded it (not loaded: the tab was not opened, nothing ticked there).
    const dictionary = queryClient.getQueryData<ButtonChoice[]>(BUTTON_CHOICES_KEY);
    const found = describeDefinitionProblems(
      definition,
      dictionary?.map((button) => button.code),
    );
    setProblems(found);
    if (found.length) return;
    save(
      { nodeId: draft.nodeId, definition, version: draft.version },
      {
        onSuccess: () => getFeedback().successMessage(DRAFT_SAVED_MESSAGE),
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.code === ERROR_CODES.CONFLICT) {
            modal.confirm({
              title: '保存失败',
              content: CONFLICT_MESSAGE,
              okText: '重新加载',
              cancelText: '取消',
              onOk: () => reload(),
            });
          } else if (error.code === ERROR_CODES.BAD_REQUEST) {
            const fields =
              error.data && typeof error.data === 'object'
                ? Object.values(error.data as Record<string, unknown>).filter(
                    (m): m is string => typeof m === 'string',
                  )
                : [];
            setProblems(fields.length ? fields : [error.message]);
          }
        },
      },
    );
  };

  const onPublish = () =>
    publish(draft.nodeId, {
      onSuccess: (result) =>
        getFeedback().successMessage(
          result ? `${PUBLISHED_MESSAGE}（第${result.schemaVersion}版）` : PUBLISHED_MESSAGE,
        ),
      onError: (error) => {
        if (isApiError(error) && error.code === ERROR_CODES.BAD_REQUEST)
          getFeedback().showDialog('warning', error.message);
      },
    });

  const tab = (params.get('tab') as SetupTab | null) ?? initialTab ?? 'form';
  const query = new URLSearchParams({
    systemCoding: target.systemCoding,
    gnCoding: target.node.gnCoding,
  }).toString();
  const tabProps = { definition, onChange: setDefinition };
  const tabContent: Record<SetupTab, ReactNode> = {
    form: (
      <FormDesignTab
        {...tabProps}
        preview={
          renderFormPreview ? (
            renderFormPreview({
              items: definition.form.items,
              groups: definition.form.groups,
              loadOptions: previewOptionLoader(definition.form.items),
            })
          ) : (
            <span>预览不可用</span>
          )
        }
      />
    ),
    list: <ListColumnsTab {...tabProps} />,
    filters: <FiltersTab {...tabProps} />,
    card: <CardStyleTab {...tabProps} />,
    functions: <FunctionsTab {...tabProps} />,
    audit: <AuditTab {...tabProps} />,
    charts: (
      <ChartsTab
        {...tabProps}
        systemCoding={target.systemCoding}
        gnCoding={target.node.gnCoding}
        publishedVersion={draft.publishedVersion}
      />
    ),
    source: <DataSourceTab draft={draft} isDirty={isDirty} />,
  };

  return (
    <Card
      title={
        <Space>
          <span>{`${title}：${target.node.title}`}</span>
          {draft.publishedVersion > 0 ? (
            <Tag color="success">已发布第{draft.publishedVersion}版</Tag>
          ) : (
            <Tag>未发布</Tag>
          )}
          {isDirty ? <Tag color="warning">有未保存的修改</Tag> : null}
        </Space>
      }
      extra={
        <Space>
          <Link to={`/system/permissionsSet?${query}`}>权限设置</Link>
          <Link to={`/system/menuSetUp?systemCoding=${encodeURIComponent(target.systemCoding)}`}>
            菜单设置
          </Link>
          <Button disabled={!isDirty} onClick={() => setDefinition(draft.definition)}>
            撤销修改
          </Button>
          <Button type="primary" loading={isSaving} onClick={onSave}>
            保存草稿
          </Button>
          {isDirty ? (
            <Tooltip title={PUBLISH_NEEDS_SAVE_MESSAGE}>
              <Button disabled>发布</Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title="发布节点"
              description="发布后按草稿更新数据表，新记录使用新版本，确定发布吗？"
              okText="发布"
              cancelText="取消"
              onConfirm={onPublish}
            >
              <Button loading={isPublishing}>发布</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {problems.length ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message="配置有误，请修改后再保存"
          description={
            <ul style={{ margin: 0 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          next.set('tab', key);
          setParams(next, { replace: true });
        }}
        items={(Object.keys(SETUP_TABS) as SetupTab[]).map((key) => ({
          key,
          label: SETUP_TABS[key],
          children: tabContent[key],
        }))}
      />
    </Card>
  );
}

function DraftLoader(props: PageProps & { target: NodeTargetValue }) {
  const { data: draft, isLoading, refetch } = useDraft(props.target.node.id);
  if (isLoading || !draft) return <Spin />;
  return <Workspace {...props} draft={draft} reload={refetch} />;
}

/**
 * The node-configuration workspace (/system/setUpList, setTypeCard, echartsSetting,
 * auditLevel, auditWay): every part of a node's draft definition in tabs, saved over its version
 * and published from here.
 */
export function NodeSetupPage(props: PageProps) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <NodeTarget title={props.title}>
        {(target) => <DraftLoader key={target.node.id} {...props} target={target} />}
      </NodeTarget>
      {props.below}
    </Space>
  );
}
