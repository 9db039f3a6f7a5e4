import type { WireRecord } from '@ks/contract/form-schema';
import { isBuiltinFunction } from '@ks/contract/node-definition';
import {
  EDITABLE_STATUSES,
  RECORD_CONFLICT_MESSAGE,
  type RecordStatus,
  statusName,
} from '@ks/contract/records';
import { Alert, Button, Card, Form, Result, Space, Spin, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getFeedback } from '@/lib/feedback.ts';
import { isApiError } from '@/lib/http.ts';
import { readableColor } from '@/lib/readable-colors.ts';
import { detailPath, indexPath } from '../../../shared/record-paths.ts';
import { optionLoaderFor } from '../api/find-options.ts';
import { useFormDetails } from '../api/get-form-details.ts';
import { submitRecord } from '../api/record-actions.ts';
import { useSaveRecord } from '../api/save-record.ts';
import type { FormDetails, NodeRef } from '../api/types.ts';
import { AuditPanel } from '../components/audit-panel.tsx';
import { RecordAnnexesCard, useRecordAnnexes } from '../components/record-annexes.tsx';
import { type OwnerValues, RecordOwnerField } from '../components/record-owner-field.tsx';
import { RevisionHistory } from '../components/revision-history.tsx';
import { useRowActions } from '../components/row-actions.tsx';
import { SchemaForm, type SchemaFormHandle } from '../components/schema-form/schema-form.tsx';
import { useReenable } from '../lib/use-reenable.ts';

const FIELD_ERRORS = (data: unknown): Record<string, string> | null =>
  typeof data === 'object' && data !== null && !Array.isArray(data) && Object.keys(data).length > 0
    ? (data as Record<string, string>)
    : null;

/** Footer operations other than save/submit/view, which the page itself offers; module actions follow them. */
const FOOTER_OPERATIONS = ['audit', 'revoke', 'assign', 'publish', 'delete'];
const isFooterOperation = (code: string) => FOOTER_OPERATIONS.includes(code) || !isBuiltinFunction(code);

/**
 * /dynamicPage/dynamicDetail?systemCoding=&gnCoding=&id=: one record in the node's
 * schema-driven form (a new one without id), with 保存/提交, the audit flow and the revision
 * history; read-only when the record may not be changed.
 */
export function DynamicDetailPage() {
  const [params] = useSearchParams();
  const node: NodeRef = {
    systemCoding: params.get('systemCoding') ?? '',
    gnCoding: params.get('gnCoding') ?? '',
  };
  const id = params.get('id');
  const details = useFormDetails(node, id);
  if (!node.systemCoding || !node.gnCoding) return <Result status="warning" title="缺少系统或功能编码" />;
  if (details.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!details.data) {
    const reason = isApiError(details.error) ? details.error.message : '数据加载失败';
    return <Result status="info" title={reason} />;
  }
  return (
    <RecordDetail
      key={`${node.systemCoding}:${node.gnCoding}:${id ?? ''}`}
      node={node}
      isView={params.get('view') === '1'}
      details={details.data}
      reload={() => details.refetch()}
    />
  );
}

function RecordDetail({
  node,
  isView,
  details,
  reload,
}: {
  node: NodeRef;
  isView: boolean;
  details: FormDetails;
  reload: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const form = useRef<SchemaFormHandle>(null);
  const save = useSaveRecord(node);
  const { isCoolingDown, guard } = useReenable();
  const [isConflict, setConflict] = useState(false);
  /** The values typed before a conflict reload, offered for re-applying onto the fresh record. */
  const [kept, setKept] = useState<WireRecord | null>(null);
  const [applied, setApplied] = useState<WireRecord | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);
  // A deleted record has no detail page left: back to the list; anything else shows its new state.
  const actions = useRowActions(node, (kind) =>
    kind === 'delete' ? navigate(indexPath(node)) : void reload(),
  );
  const { systemCoding, gnCoding } = node;
  const meta = details.meta;
  const recordId = meta?.id;
  const canSave = details.functions.includes('save');
  const isEditable =
    !isView && canSave && (meta === null || EDITABLE_STATUSES.includes(meta.status as RecordStatus));
  const canSubmit = isEditable && details.functions.includes('submit');
  // An administrator enters a new record of such a node for an enterprise (decision 0060).
  const { onBehalf } = details;
  const isChoosingOwner = onBehalf !== null && meta === null && isEditable;
  const [ownerForm] = Form.useForm<OwnerValues>();
  const [ownerUserId, setOwnerUserId] = useState<string | undefined>();
  // The record, or the enterprise a new one is for, goes with the option calls: a module may offer
  // per record and per enterprise (decisions 0058, 0060).
  const loadOptions = useMemo(
    () => optionLoaderFor({ systemCoding, gnCoding }, { recordId, ownerUserId }),
    [systemCoding, gnCoding, recordId, ownerUserId],
  );

  const annexes = useRecordAnnexes(node, meta?.id ?? null);

  /**
   * Saves the form, then the files changed in the annex slots; resolves the saved {id, version},
   * or null when validation or the server refused (the client has shown an attachment refusal).
   */
  const persist = async (): Promise<{ id: string; version: number } | null> => {
    // 所属企业 and the form are checked together, so every missing field shows at once.
    const owner = isChoosingOwner ? await ownerForm.validateFields().catch(() => null) : null;
    const values = await form.current?.submit();
    if (!values || (isChoosingOwner && !owner?.ownerUserId)) return null;
    try {
      const saved = await save.mutateAsync({
        ...node,
        ...(meta ? { id: meta.id, version: meta.version } : {}),
        ...(owner?.ownerUserId ? { ownerUserId: owner.ownerUserId } : {}),
        values,
      });
      return (await persistAnnexes(saved.id)) ? saved : null;
    } catch (error) {
      if (isApiError(error) && error.code === 400) {
        const fields = FIELD_ERRORS(error.data);
        if (fields) {
          form.current?.setErrors(fields);
          if (fields.ownerUserId && isChoosingOwner)
            ownerForm.setFields([{ name: 'ownerUserId', errors: [fields.ownerUserId] }]);
        } else getFeedback().showDialog('warning', error.message);
      } else if (isApiError(error) && error.code === 409) {
        setConflict(true);
      }
      return null;
    }
  };

  /**
   * The annex changes onto the saved record. When the server refuses them (the client has said
   * why), the record itself is saved: a new one opens as saved, so another 保存 changes it instead
   * of adding a second one.
   */
  const persistAnnexes = async (id: string) => {
    try {
      await annexes.saveTo(id);
      return true;
    } catch {
      if (!meta) navigate(detailPath(node, id), { replace: true });
      return false;
    }
  };

  /** The required-annex rule the server applies to a save of files, said before anything is sent. */
  const warnMissingAnnexes = () => {
    const missing = annexes.missingMessage();
    if (missing) getFeedback().warnMessage(missing);
    return missing !== null;
  };

  const onSave = guard(async () => {
    if (annexes.hasChanges() && warnMissingAnnexes()) return;
    const saved = await persist();
    if (!saved) return;
    getFeedback().successMessage('保存成功');
    setKept(null);
    if (!meta) navigate(detailPath(node, saved.id), { replace: true });
    else await reload();
    setFormKey((key) => key + 1);
    setApplied(null);
  });

  const onSubmit = guard(async () => {
    // A submission is what reviewers review: its required annexes are there first.
    if (warnMissingAnnexes()) return;
    setSubmitting(true);
    try {
      const saved = await persist();
      if (!saved) return;
      await submitRecord(node, saved);
      getFeedback().successMessage('提交成功');
      navigate(indexPath(node));
    } catch {
      // the client has shown the server's message
    } finally {
      setSubmitting(false);
    }
  });

  const onReloadAfterConflict = guard(async () => {
    setKept(form.current?.getValues() ?? null);
    setConflict(false);
    setApplied(null);
    await reload();
    setFormKey((key) => key + 1);
  });

  const onReapply = guard(() => {
    setApplied({ ...(details.record ?? {}), ...(kept ?? {}) });
    setKept(null);
    setFormKey((key) => key + 1);
  });

  const footerOperations = details.operations.filter(
    (operation) => operation.show && isFooterOperation(operation.code),
  );

  return (
    <div>
      <Card
        size="small"
        title={meta ? `数据详情（${meta.businessId}）` : '新增数据'}
        extra={meta && <Tag>{statusName(meta.status)}</Tag>}
      >
        {isConflict && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={RECORD_CONFLICT_MESSAGE}
            action={
              <Button size="small" disabled={isCoolingDown} onClick={onReloadAfterConflict}>
                重新加载
              </Button>
            }
          />
        )}
        {kept && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="已加载最新数据，您之前填写的内容已保留"
            action={
              <Button size="small" disabled={isCoolingDown} onClick={onReapply}>
                恢复我的修改
              </Button>
            }
          />
        )}
        {onBehalf && (
          <RecordOwnerField
            onBehalf={onBehalf}
            form={ownerForm}
            isChoosing={isChoosingOwner}
            onChange={setOwnerUserId}
          />
        )}
        <SchemaForm
          key={formKey}
          ref={form}
          items={details.items}
          groups={details.groups}
          initialValues={applied ?? details.record}
          readOnly={!isEditable}
          loadOptions={loadOptions}
          optionsKey={ownerUserId}
        />
        <RecordAnnexesCard node={node} annexes={annexes} readOnly={!isEditable} />
        <Space style={{ marginTop: 16 }} wrap>
          <Button onClick={() => navigate(indexPath(node))}>返回</Button>
          {isEditable && (
            <Button
              type="primary"
              loading={save.isPending && !isSubmitting}
              disabled={isCoolingDown}
              onClick={() => void onSave()}
            >
              保存
            </Button>
          )}
          {canSubmit && (
            <Button loading={isSubmitting} disabled={isCoolingDown} onClick={() => void onSubmit()}>
              提交
            </Button>
          )}
          {meta &&
            footerOperations.map((operation) => (
              <Button
                key={operation.code}
                disabled={isCoolingDown}
                style={
                  isBuiltinFunction(operation.code) ? undefined : { color: readableColor(operation.color) }
                }
                onClick={guard(() => actions.run(operation, { id: meta.id, version: meta.version }))}
              >
                {operation.name}
              </Button>
            ))}
        </Space>
      </Card>
      <AuditPanel audit={details.audit} />
      {meta && <RevisionHistory node={node} id={meta.id} />}
      {actions.element}
    </div>
  );
}
