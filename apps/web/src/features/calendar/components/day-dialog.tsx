import {
  CALENDAR_DAY_KIND_LABELS,
  CALENDAR_DAY_KINDS,
  CALENDAR_NAME_MAX,
  type CalendarDay,
  type CalendarDayKind,
  SaveCalendarDaysBodySchema,
} from '@ks/contract/calendar';
import { Alert, Button, Form, Input, Modal, Popconfirm, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { placeFieldErrors, zodRule } from '@/lib/form-rules.ts';
import { isApiError } from '@/lib/http.ts';
import { deleteCalendarDay, saveCalendarDays, useCalendarMutation } from '../api/calendar-api.ts';
import { isWeekend } from './calendar-dates.ts';

type DayValues = { from: string; to: string; kind: CalendarDayKind; name: string };

const FIELDS = SaveCalendarDaysBodySchema.shape;

/**
 * Marks the picked date, or a range starting there, as holidays or adjusted working days. The
 * server's refusal (a worked weekday, a range too long, someone else's change) is shown in the
 * dialog, under its field where it names one; the date's current entry can be removed here too.
 */
export function DayDialog({
  date,
  entry,
  onClose,
}: {
  date: string;
  entry: CalendarDay | undefined;
  onClose: () => void;
}) {
  const [form] = Form.useForm<DayValues>();
  const [serverError, setServerError] = useState('');
  const save = useCalendarMutation(saveCalendarDays);
  const remove = useCalendarMutation(deleteCalendarDay);

  const onFinish = (values: DayValues) => {
    setServerError('');
    save.mutate(values, {
      onSuccess: () => {
        getFeedback().successMessage('保存成功');
        onClose();
      },
      onError: (error) => {
        if (placeFieldErrors(form, error)) return;
        setServerError(isApiError(error) ? error.message : '保存失败，请稍后重试');
      },
    });
  };

  const onDelete = () => {
    if (!entry) return;
    remove.mutate(
      { id: entry.id, version: entry.version },
      {
        onSuccess: () => {
          getFeedback().successMessage('删除成功');
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={`设置日期：${date}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {entry && (
        <Space style={{ marginBottom: 16 }}>
          <Typography.Text>
            当前设置：{entry.name}（{CALENDAR_DAY_KIND_LABELS[entry.kind]}）
          </Typography.Text>
          <Popconfirm title="删除后该日期按正常作息计算，确定删除吗？" onConfirm={onDelete}>
            <Button danger size="small" loading={remove.isPending}>
              删除此设置
            </Button>
          </Popconfirm>
        </Space>
      )}
      {serverError && <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        aria-label="日期设置"
        initialValues={{
          from: date,
          to: date,
          kind: entry?.kind ?? (isWeekend(date) ? 'workday' : 'holiday'),
          name: entry?.name ?? '',
        }}
        onFinish={onFinish}
      >
        <Space.Compact block>
          <Form.Item label="开始日期" name="from" rules={[zodRule(FIELDS.from)]} required style={{ flex: 1 }}>
            <Input type="date" />
          </Form.Item>
          <Form.Item label="结束日期" name="to" rules={[zodRule(FIELDS.to)]} required style={{ flex: 1 }}>
            <Input type="date" />
          </Form.Item>
        </Space.Compact>
        <Form.Item label="日期类型" name="kind" required>
          <Radio.Group
            options={CALENDAR_DAY_KINDS.map((kind) => ({
              value: kind,
              label: CALENDAR_DAY_KIND_LABELS[kind],
            }))}
          />
        </Form.Item>
        <Form.Item
          label="名称"
          name="name"
          rules={[zodRule(FIELDS.name)]}
          required
          extra="如 春节、国庆节调休上班；同一日期原有的设置将被替换"
        >
          <Input maxLength={CALENDAR_NAME_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
