import { PlusOutlined } from '@ant-design/icons';
import { SYSTEM_CREATED_MESSAGE } from '@ks/contract/builder';
import { type NewSystemBody, NewSystemBodySchema } from '@ks/contract/shell';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { useCreateSystem } from '../api/create-system.ts';

const fields = NewSystemBodySchema.shape;
const INITIAL_VALUES: NewSystemBody = { systemName: '', title: '', gnCoding: '', levels: '0' };

/**
 * 新建系统 dialog. On success: '系统已生成', the dialog closes, the
 * form resets, the menus reload and the system-set-up event fires (the last two in useCreateSystem).
 */
export function NewSystemDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<NewSystemBody>();
  const { mutate, isPending } = useCreateSystem();

  const onFinish = (values: NewSystemBody) =>
    mutate(values, {
      onSuccess: () => {
        getFeedback().successMessage(SYSTEM_CREATED_MESSAGE);
        form.resetFields();
        onClose();
      },
      onError: (error) => reportFormError(form, error),
    });

  return (
    <Modal
      title="新建系统"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确定"
      cancelText="取消"
      confirmLoading={isPending}
    >
      <Form
        form={form}
        name="new-system"
        layout="vertical"
        initialValues={INITIAL_VALUES}
        onFinish={onFinish}
      >
        <Form.Item label="系统全称" name="systemName" required rules={[zodRule(fields.systemName)]}>
          <Input placeholder="请输入系统全称" />
        </Form.Item>
        <Form.Item label="系统简称" name="title" required rules={[zodRule(fields.title)]}>
          <Input placeholder="请输入系统简称" />
        </Form.Item>
        <Form.Item
          label="系统编码"
          name="gnCoding"
          required
          rules={[zodRule(fields.gnCoding)]}
          extra="以字母开头，由字母、数字或下划线组成；生成后不可修改"
        >
          <Input placeholder="请输入系统编码" />
        </Form.Item>
        <Form.Item name="levels" hidden>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The aside-footer entry for developers: a 新建系统 button opening the dialog. */
export function NewSystemButton({ collapsed = false }: { collapsed?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="新建系统">
        <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          {collapsed ? null : '新建系统'}
        </Button>
      </Tooltip>
      <NewSystemDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
