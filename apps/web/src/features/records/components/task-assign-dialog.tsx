import { Empty, Form, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { useReviewers } from '../api/find-reviewers.ts';
import { useFormDetails } from '../api/get-form-details.ts';
import type { NodeRef } from '../api/types.ts';
import { useReenable } from '../lib/use-reenable.ts';

export type Assignment = { level: number; userId: string };

/**
 * The task-assign dialog (administrators): the record's pending audit levels and a reviewer picked
 * from the administrators; the server moves the pending step to that reviewer.
 */
export function TaskAssignDialog({
  node,
  recordId,
  isPending,
  onSubmit,
  onClose,
}: {
  node: NodeRef;
  recordId: string | null;
  isPending: boolean;
  onSubmit: (assignment: Assignment) => void;
  onClose: () => void;
}) {
  const open = recordId !== null;
  const [form] = Form.useForm<Assignment>();
  const [keyword, setKeyword] = useState('');
  const { isCoolingDown, guard } = useReenable();
  // Only an open dialog reads the record: the list page keeps this dialog mounted.
  const details = useFormDetails(node, recordId, open);
  const reviewers = useReviewers(keyword, open);
  const pending = (details.data?.audit?.steps ?? []).filter((step) => step.result === '');
  const levels = [...new Map(pending.map((step) => [step.level, step])).values()];
  return (
    <Modal
      title="分配审核任务"
      open={open}
      onCancel={onClose}
      onOk={guard(() => form.submit())}
      okButtonProps={{ disabled: isCoolingDown || levels.length === 0 }}
      confirmLoading={isPending}
      destroyOnHidden
    >
      {details.isLoading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : levels.length === 0 ? (
        <Empty description="该数据当前没有待审核的步骤" />
      ) : (
        <Form
          form={form}
          name="task-assign"
          layout="vertical"
          initialValues={{ level: levels[0]?.level }}
          onFinish={onSubmit}
        >
          <Form.Item label="审核级别" name="level" rules={[{ required: true, message: '请选择审核级别' }]}>
            <Select
              options={levels.map((step) => ({
                label: `${step.name}（当前：${step.reviewerName || '未指定'}）`,
                value: step.level,
              }))}
            />
          </Form.Item>
          <Form.Item label="审核人" name="userId" rules={[{ required: true, message: '请选择审核人' }]}>
            <Select
              showSearch={{ filterOption: false, onSearch: setKeyword }}
              placeholder="请输入姓名或账号搜索"
              loading={reviewers.isFetching}
              options={(reviewers.data ?? []).map((reviewer) => ({
                label: `${reviewer.userName}（${reviewer.account}）`,
                value: reviewer.id,
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
