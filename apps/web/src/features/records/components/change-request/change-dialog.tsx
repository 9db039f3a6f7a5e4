import type { UploadedFile } from '@ks/contract/files';
import type { FormItem } from '@ks/contract/form-schema';
import type { ContactPerson } from '@ks/contract/market';
import {
  CHANGE_ADVICE_ROWS,
  CHANGE_BUTTON_DISABLE_MS,
  CHANGE_MESSAGES,
  CHANGE_REASON_ROWS,
  type ChangeFile,
  type ChangeOperation,
  type ChangeRecord,
  type ChangeTypeOption,
  changeProblems,
  datePairs,
  ENCLOSURE_FIELD,
  isInfoChange,
  roundLabel,
} from '@ks/contract/record-changes';
import {
  App,
  Button,
  Cascader,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Spin,
  Tabs,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyMessage, EmptyState } from '@/components/empty-state.tsx';
import { ContactFields } from '../../../../shared/contact-form.tsx';
import { SimpleUploader } from '../../../../shared/files/components/simple-uploader.tsx';
import {
  type ChangeCall,
  downloadChangeTemplate,
  useChangeCall,
  useChangeFields,
  useChangeList,
  useChangeTypeTree,
} from '../../api/record-changes.ts';
import { saveBlob } from '../../api/transfer-records.ts';
import type { NodeRef } from '../../api/types.ts';

/**
 * The change dialog: initiate mode lets a record's owner open and submit a
 * change of an approved record; check mode lets an administrator with managerPermission review it.
 * Rounds are tabs 第一次, 第二次 … with the last selected; the buttons are the server's operations.
 */
export type ChangeMode = 'initiate' | 'check';

const asUploaded = (file: ChangeFile): UploadedFile => ({
  url: file.url,
  host: '',
  fileId: file.fileId,
  fileName: file.annexName,
  fileType: file.annexName.split('.').pop()?.toLowerCase() ?? '',
  fileSize: 0,
  fileNo: '',
});
const asChangeFile = (file: UploadedFile): ChangeFile => ({
  fileId: file.fileId,
  url: file.url,
  annexName: file.fileName,
});
/** A stable empty tree: the panel resets its draft when the tree changes. */
const NO_TYPES: ChangeTypeOption[] = [];
const live = (files: UploadedFile[]) => files.filter((file) => file.fileOperationType !== 'del');

/** What one round's form holds while it is edited. */
type Draft = {
  typePath: string[];
  typeLabels: string[];
  newValue: string;
  logbook: string;
  files: UploadedFile[];
  enclosure: UploadedFile[];
  auditRecord: string;
};

const draftOf = (record: ChangeRecord | null, tree: ChangeTypeOption[]): Draft => {
  const path = record?.changeTypeCode ? record.changeTypeCode.split('/') : [];
  const labels: string[] = [];
  let level = tree;
  for (const code of path) {
    const option = level.find((one) => one.value === code);
    labels.push(option?.label ?? code);
    level = option?.children ?? [];
  }
  const entry = record?.dataList[0];
  const enclosureEntry = record?.dataList.find((one) => one.changeField === ENCLOSURE_FIELD);
  return {
    typePath: path,
    typeLabels: labels,
    newValue: entry && entry.changeField !== ENCLOSURE_FIELD ? (entry.newValue ?? '') : '',
    logbook: record?.logbook ?? '',
    files: (record?.fileList ?? []).map(asUploaded),
    enclosure: (enclosureEntry?.newValue ?? '')
      .split(',')
      .filter(Boolean)
      .map((url) =>
        asUploaded({ fileId: url.split('/').pop() ?? '', url, annexName: url.split('/').pop() ?? '' }),
      ),
    auditRecord: record?.auditRecord ?? '',
  };
};

/** A button that stays disabled for 1 s after a click. */
function TimedButton({
  operation,
  label,
  onClick,
}: {
  operation: ChangeOperation;
  label: string;
  onClick: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      disabled={busy}
      style={operation.code === 'closed' ? undefined : { background: operation.color, color: '#fff' }}
      onClick={() => {
        setBusy(true);
        timer.current = setTimeout(() => setBusy(false), CHANGE_BUTTON_DISABLE_MS);
        onClick();
      }}
    >
      {label}
    </Button>
  );
}

function ValueInput({
  item,
  value,
  disabled,
  onChange,
}: {
  item: FormItem | undefined;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  if (item && ['number', 'input-number'].includes(item.type))
    return (
      <InputNumber
        aria-label="变更后"
        disabled={disabled}
        style={{ width: 220 }}
        value={value === '' ? null : Number(value)}
        onChange={(next) => onChange(next === null || next === undefined ? '' : String(next))}
      />
    );
  const type = item?.type === 'date' ? 'date' : item?.type === 'datetime' ? 'datetime-local' : 'text';
  return (
    <Input
      aria-label="变更后"
      type={type}
      disabled={disabled}
      style={{ width: 320 }}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function RoundPanel({
  node,
  businessId,
  record,
  isNew,
  tree,
  fields,
  current,
  enclosure,
  enclosureFiles,
  operations,
  userPermission,
  managerPermission,
  onDone,
}: {
  node: NodeRef;
  businessId: string;
  record: ChangeRecord | null;
  isNew: boolean;
  tree: ChangeTypeOption[];
  fields: FormItem[];
  current: Record<string, string | null>;
  enclosure: string;
  enclosureFiles: ChangeFile[];
  operations: ChangeOperation[];
  userPermission: boolean;
  managerPermission: boolean;
  onDone: (closed: boolean, success: boolean) => void;
}) {
  const { message, modal } = App.useApp();
  const call = useChangeCall(node);
  const [draft, setDraft] = useState<Draft>(() => draftOf(record, tree));
  // The administrator's edit of a status-1 change (修改 → 保存).
  const [adminEditing, setAdminEditing] = useState(false);
  // Unsaved changes of the requester: submit asks to save first.
  const [dirty, setDirty] = useState(isNew);
  // The contact person for this change (the length-1 contact form).
  const [contactForm] = Form.useForm<{ contact: ContactPerson }>();
  useEffect(() => {
    setDraft(draftOf(record, tree));
    contactForm.resetFields();
  }, [record, tree, contactForm]);

  const open = record === null || record.change === 1;
  const requesterEditable = userPermission && open && (record === null || record.sbTime === null);
  const editable = requesterEditable || adminEditing;
  const reviewing = managerPermission && open && record?.sbTime !== null && record !== null;
  const field = draft.typePath.at(-1) ?? '';
  const isInfo = isInfoChange(draft.typePath.join('/'));
  const item = fields.find((one) => one.code === field);
  const update = (patch: Partial<Draft>) => {
    setDraft((before) => ({ ...before, ...patch }));
    setDirty(true);
  };

  const dataList = () =>
    isInfo
      ? [
          {
            changeField: ENCLOSURE_FIELD,
            newValue: live(draft.enclosure)
              .map((file) => file.url)
              .join(','),
          },
        ]
      : field
        ? [{ changeField: field, newValue: draft.newValue === '' ? null : draft.newValue }]
        : [];

  const save = async () => {
    const content = {
      changeTypeCode: draft.typePath.join('/'),
      logbook: draft.logbook,
      dataList: dataList(),
      fileList: live(draft.files),
    };
    const problems = changeProblems(content, fields, current, adminEditing);
    const first = Object.values(problems)[0];
    if (first) {
      message.warning(first);
      return;
    }
    // The requester names the contact person; a reviewing administrator's edit keeps theirs.
    let contact: ContactPerson | undefined;
    if (requesterEditable) {
      try {
        contact = (await contactForm.validateFields()).contact;
      } catch {
        return; // the messages are under the fields
      }
    }
    await call.mutateAsync({
      kind: 'save',
      body: {
        ...node,
        businessId,
        id: record?.id,
        version: record?.version,
        changeType: draft.typeLabels.join('/'),
        changeTypeCode: content.changeTypeCode,
        logbook: draft.logbook,
        dataList: content.dataList.map((entry) => ({ ...entry, newValue: entry.newValue ?? null })),
        fileList: content.fileList.map(asChangeFile),
        ...(contact ? { contact } : {}),
      },
    });
    message.success(CHANGE_MESSAGES.saved);
    setDirty(false);
    setAdminEditing(false);
    onDone(false, true);
  };

  const run = async (code: ChangeOperation['code']) => {
    try {
      if (code === 'closed') return onDone(true, false);
      if (code === 'modify') {
        if (adminEditing) return await save();
        setAdminEditing(true);
        return;
      }
      if (code === 'save') return await save();
      if (code === 'submit') {
        if (dirty || !record) {
          message.warning(CHANGE_MESSAGES.saveFirst);
          return;
        }
        modal.confirm({
          title: '提示',
          content: '确定提交该变更申请吗？提交后将不能修改。',
          okText: '确定',
          cancelText: '取消',
          onOk: async () => {
            await call.mutateAsync({ kind: 'submit', id: record.id, version: record.version });
            message.success(CHANGE_MESSAGES.submitted);
            onDone(true, true);
          },
        });
        return;
      }
      if (!record) return;
      if (adminEditing) {
        message.warning(CHANGE_MESSAGES.saveFirst);
        return;
      }
      if (code === 'reject' && !draft.auditRecord.trim()) {
        message.warning(CHANGE_MESSAGES.adviceRequired);
        return;
      }
      const review: ChangeCall = {
        kind: 'review',
        id: record.id,
        version: record.version,
        pass: code === 'pass',
        auditRecord: draft.auditRecord.trim(),
      };
      await call.mutateAsync(review);
      message.success(CHANGE_MESSAGES.reviewed);
      onDone(true, true);
    } catch {
      // The client has shown the server's message.
    }
  };

  /** The end time may not precede the start time: warned and cleared. */
  const setNewValue = (value: string) => {
    const pair = datePairs(fields).find((one) => one.end === field || one.start === field);
    if (pair && value) {
      const start = pair.start === field ? value : (current[pair.start] ?? '');
      const end = pair.end === field ? value : (current[pair.end] ?? '');
      if (start && end && end.slice(0, 19) < start.slice(0, 19)) {
        message.warning(CHANGE_MESSAGES.endBeforeStart);
        if (pair.end === field) {
          update({ newValue: '' });
          return;
        }
      }
    }
    update({ newValue: value });
  };

  const shown = operations.filter((operation) => operation.show);
  const oldValue = isInfo ? enclosure : field ? (current[field] ?? '') : '';
  return (
    <div>
      {record && (
        <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="变更状态">{record.changeStatus}</Descriptions.Item>
          <Descriptions.Item label="提交时间">
            {record.sbTime ? new Date(record.sbTime).toLocaleString() : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="审核时间">
            {record.czTime ? new Date(record.czTime).toLocaleString() : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Title level={5}>变更信息</Typography.Title>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <span>变更类型</span>
          <Cascader
            aria-label="变更类型"
            style={{ width: 320 }}
            disabled={!editable}
            placeholder="请选择变更类型"
            options={tree}
            value={draft.typePath}
            onChange={(value, options) => {
              const typePath = (value ?? []).map(String);
              update({
                typePath,
                typeLabels: (options ?? []).map((option) => String(option.label)),
                newValue: '',
                // An attachments change edits the record's current list.
                enclosure: isInfoChange(typePath.join('/')) ? enclosureFiles.map(asUploaded) : [],
              });
            }}
          />
        </Space>
        {field && !isInfo && (
          <Space wrap>
            <span>变更前：{oldValue || '—'}</span>
            <ValueInput item={item} value={draft.newValue} disabled={!editable} onChange={setNewValue} />
            {item?.max !== undefined && (
              <Typography.Text type="secondary">最高分{item.max}分</Typography.Text>
            )}
          </Space>
        )}
        {isInfo && (
          <div>
            <div>变更后的附件（至少一个）</div>
            <SimpleUploader
              value={draft.enclosure}
              onChange={(files) => update({ enclosure: files })}
              readOnly={!editable}
              {...node}
            />
          </div>
        )}
        <div>
          <div>变更原因</div>
          <Input.TextArea
            aria-label="变更原因"
            rows={CHANGE_REASON_ROWS}
            disabled={!editable}
            placeholder="请输入变更原因"
            value={draft.logbook}
            onChange={(event) => update({ logbook: event.target.value })}
          />
        </div>
        <div>
          <Space>
            <span>附件</span>
            <Button
              size="small"
              type="link"
              onClick={() =>
                void downloadChangeTemplate(node)
                  .then(saveBlob)
                  .catch(() => undefined)
              }
            >
              下载变更说明模板
            </Button>
          </Space>
          {/* Administrators see read-only previews instead of the uploader. */}
          <SimpleUploader
            value={draft.files}
            onChange={(files) => update({ files })}
            readOnly={!requesterEditable}
            {...node}
          />
        </div>
      </Space>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        联系人信息
      </Typography.Title>
      {requesterEditable ? (
        <Form
          form={contactForm}
          layout="vertical"
          initialValues={record?.contact ? { contact: record.contact } : undefined}
          onValuesChange={() => setDirty(true)}
        >
          <ContactFields length={1} prefill={!record?.contact} />
        </Form>
      ) : (
        <Descriptions size="small" column={2}>
          <Descriptions.Item label="联系人">{record?.contact?.ry_name || '—'}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{record?.contact?.tel || '—'}</Descriptions.Item>
        </Descriptions>
      )}
      {record?.sbTime && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            审核意见
          </Typography.Title>
          <Input.TextArea
            aria-label="审核意见"
            rows={CHANGE_ADVICE_ROWS}
            disabled={!reviewing}
            placeholder={reviewing ? '请填写审核意见' : ''}
            value={draft.auditRecord}
            onChange={(event) => setDraft((before) => ({ ...before, auditRecord: event.target.value }))}
          />
        </>
      )}
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        {shown.map((operation) => (
          <TimedButton
            key={operation.code}
            operation={operation}
            label={operation.code === 'modify' && adminEditing ? '保存' : operation.name}
            onClick={() => void run(operation.code)}
          />
        ))}
      </Space>
    </div>
  );
}

export function ChangeDialog({
  node,
  recordId,
  mode,
  title = '信息变更',
  onClose,
}: {
  node: NodeRef;
  /** The approved record; null: closed. */
  recordId: string | null;
  mode: ChangeMode;
  title?: string;
  /** `success`: a submit or review went through (the list reloads). */
  onClose: (success: boolean) => void;
}) {
  const open = recordId !== null;
  const list = useChangeList(node, recordId, mode === 'initiate');
  const fields = useChangeFields(node, recordId);
  const tree = useChangeTypeTree(node, open);
  const [active, setActive] = useState<string | undefined>(undefined);
  const records = list.data?.records ?? [];
  const canInitiate = list.data?.canInitiate ?? false;
  const tabs = useMemo(() => {
    const keys = records.map((record) => record.id);
    if (canInitiate) keys.push('new');
    return keys;
  }, [records, canInitiate]);
  // The last round is selected by default, and again after the rounds change.
  useEffect(() => setActive(tabs.at(-1)), [tabs]);

  const loading = list.isLoading || fields.isLoading || tree.isLoading;
  const area = { id: recordId ?? '', title };
  const body = () => {
    if (loading) return <Spin />;
    if (!list.data || !fields.data) return <EmptyMessage />;
    if (tabs.length === 0)
      // Check mode with nothing submitted: no data (-2); initiate mode where none may start: not started (-1).
      return <EmptyState state={mode === 'check' ? -2 : -1} area={area} />;
    const panel = (record: ChangeRecord | null) => (
      <RoundPanel
        node={node}
        businessId={recordId ?? ''}
        record={record}
        isNew={record === null}
        tree={tree.data ?? NO_TYPES}
        fields={fields.data?.fields ?? []}
        current={fields.data?.values ?? {}}
        enclosure={fields.data?.enclosure ?? ''}
        enclosureFiles={fields.data?.enclosureFiles ?? []}
        operations={record ? record.operations : (list.data?.operations ?? [])}
        userPermission={list.data?.userPermission ?? false}
        managerPermission={list.data?.managerPermission ?? false}
        onDone={(closed, success) => {
          if (closed) onClose(success);
        }}
      />
    );
    return (
      <Tabs
        activeKey={active}
        onChange={setActive}
        items={tabs.map((key, index) => ({
          key,
          label: roundLabel(index + 1),
          children: panel(records.find((record) => record.id === key) ?? null),
        }))}
      />
    );
  };

  return (
    <Modal
      open={open}
      title={mode === 'check' ? `${title}审核` : title}
      width={860}
      footer={null}
      destroyOnHidden
      onCancel={() => onClose(false)}
    >
      {body()}
    </Modal>
  );
}
