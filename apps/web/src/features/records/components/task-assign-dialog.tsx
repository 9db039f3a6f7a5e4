import { Empty, Form, Modal, Select, Spin } from 'antd';
import { useState } from 'react';
import { useReviewers } from '../api/find-reviewers.ts';
import { useFormDetails } from '../api/get-form-details.ts';
import type { Assignment } from '../api/record-actions.ts';
import type { NodeRef } from '../api/types.ts';
import { useReenable } from '../lib/use-reenable.ts';

type AssignForm = { step: string; userId: string };

const stepKey = (step: { level: number; reviewerUserId: string }) => `${step.level}:${step.reviewerUserId}`;

/**
 * The task-assign dialog (administrators): the record's pending audit steps, one per reviewer (an
 * any-one-of or all-of level has several), and a reviewer picked from the administrators; the
 * server moves that one step to the new reviewer.
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
  const [form] = Form.useForm<AssignForm>();
  const [keyword, setKeyword] = useState('');
  const { isCoolingDown, guard } = useReenable();
  // Only an open dialog reads the record: the list page keeps this dialog mounted.
  const details = useFormDetails(node, recordId, open);
  const reviewers = useReviewers(keyword, open);
  const pending = (details.data?.audit?.steps ?? []).filter((step) => step.result === '');
  const submit = ({ step, userId }: AssignForm) => {
    const chosen = pending.find((one) => stepKey(one) === step);
    if (chosen) onSubmit({ level: chosen.level, fromUserId: chosen.reviewerUserId, userId });
  };
  return (
    <Modal
      title="分配审核任务"
      open={open}
      onCancel={onClose}
      onOk={guard(() => form.submit())}
      okButtonProps={{ disabled: isCoolingDown || pending.length === 0 }}
      confirmLoading={isPending}
      destroyOnHidden
    >
      {details.isLoading ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : pending.length === 0 ? (
        <Empty description="该数据当前没有待审核的步骤" />
      ) : (
        <Form
          form={form}
          name="task-assign"
          layout="vertical"
          initialValues={{ step: pending[0] ? stepKey(pending[0]) : undefined }}
          onFinish={submit}
        >
          <Form.Item label="审核级别" name="step" rules={[{ required: true, message: '请选择审核级别' }]}>
            <Select
              options={pending.map((step) => ({
                label: `${step.name}（当前：${step.reviewerName || '未指定'}）`,
                value: stepKey(step),
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
