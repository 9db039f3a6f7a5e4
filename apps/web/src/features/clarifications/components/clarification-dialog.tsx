import type { Clarification, ClarificationSaveBody } from '@ks/contract/clarifications';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { reportFormError } from '@/lib/form-rules.ts';
import { useDraftSections, useSaveClarification } from '../api/clarify-api.ts';
import { ClarificationFiles, type DraftFile } from './clarification-files.tsx';

type Values = Omit<ClarificationSaveBody, 'id' | 'version' | 'fileIds'>;

/**
 * 起草 / 编辑澄清: the section (fixed once drafted), the title, the text and, when it is sent less
 * than 15 days before the deadline, the moved deadline the server then requires.
 */
export function ClarificationDialog({
  editing,
  onClose,
}: {
  /** The clarification edited, or null for a new draft. */
  editing: Clarification | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const sections = useDraftSections(editing === null);
  const save = useSaveClarification();
  const [files, setFiles] = useState<DraftFile[]>(editing?.files ?? []);
  const { message } = App.useApp();
  const submit = (values: Values) =>
    save.mutate(
      {
        ...values,
        newBidDeadlineAt: values.newBidDeadlineAt ?? '',
        fileIds: files.map((file) => file.id),
        ...(editing ? { id: editing.id, version: editing.version, sectionId: editing.sectionId } : {}),
      },
      {
        onSuccess: () => {
          message.success('保存成功');
          onClose();
        },
        onError: (error) => reportFormError(form, error),
      },
    );
  return (
    <Modal
      open
      title={editing ? '编辑澄清' : '起草澄清'}
      okText="保存"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          sectionId: editing?.sectionId,
          title: editing?.title ?? '',
          content: editing?.content ?? '',
          newBidDeadlineAt: editing?.newBidDeadlineAt.replace(' ', 'T') ?? '',
        }}
      >
        <Form.Item name="sectionId" label="标段" rules={[{ required: true, message: '请选择标段' }]}>
          {editing ? (
            <Select
              disabled
              options={[{ value: editing.sectionId, label: `${editing.sectionCode} ${editing.sectionName}` }]}
            />
          ) : (
            <Select
              loading={sections.isPending}
              notFoundContent="没有可发布澄清的标段（项目审核通过且未过投标截止时间）"
              options={(sections.data ?? []).map((section) => ({
                value: section.id,
                label: `${section.projectName} ${section.code} ${section.name}（投标截止 ${section.bidDeadlineAt}）`,
              }))}
            />
          )}
        </Form.Item>
        <Form.Item
          name="title"
          label="澄清标题"
          rules={[{ required: true, whitespace: true, message: '请填写澄清标题' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="content"
          label="澄清内容"
          rules={[{ required: true, whitespace: true, message: '请填写澄清内容' }]}
        >
          <Input.TextArea rows={6} maxLength={20000} />
        </Form.Item>
        <Form.Item
          name="newBidDeadlineAt"
          label="新的投标截止时间"
          extra="澄清发出时距投标截止不足15日的，应顺延投标截止时间；不顺延请留空"
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item label="附件">
          <ClarificationFiles files={files} onChange={setFiles} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
