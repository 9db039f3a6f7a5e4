import {
  type CreateVenueBookingBody,
  VENUE_HALF_LABELS,
  VENUE_HALVES,
  VENUE_PURPOSES,
  type VenueAvailability,
  type VenueCell,
} from '@ks/contract/venues';
import { App, Form, Input, Modal, Select } from 'antd';
import { reportFormError } from '@/lib/form-rules.ts';
import { useBook, useBookableProjects, useProjectSections } from '../api/venues-api.ts';

const halves = VENUE_HALVES.map((half) => ({ value: half, label: VENUE_HALF_LABELS[half] }));
/** The form's values: the project only narrows the section choice and is not sent. */
type Values = Omit<CreateVenueBookingBody, 'sectionId'> & { projectId?: string; sectionId?: string };

/** 预约场地 from a free cell: the range starts and ends there until the person widens it. */
export function BookingDialog({
  cell,
  rooms,
  onClose,
}: {
  cell: VenueCell;
  rooms: VenueAvailability['rooms'];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const book = useBook();
  const { message } = App.useApp();
  const projects = useBookableProjects();
  const projectId = Form.useWatch('projectId', form);
  const sections = useProjectSections(projectId);
  const submit = ({ projectId: _project, sectionId, ...values }: Values) =>
    book.mutate(
      { ...values, sectionId: sectionId ?? null },
      {
        onSuccess: () => {
          message.success('预约已提交，等待审核');
          onClose();
        },
        onError: (error) => reportFormError(form, error),
      },
    );
  return (
    <Modal
      open
      title="预约场地"
      okText="提交预约"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={book.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          roomId: cell.roomId,
          fromDay: cell.day,
          fromHalf: cell.half,
          toDay: cell.day,
          toHalf: cell.half,
          purpose: '开标',
          contactName: '',
          contactPhone: '',
          remark: '',
        }}
      >
        <Form.Item name="roomId" label="场地" rules={[{ required: true, message: '请选择场地' }]}>
          <Select options={rooms.map((room) => ({ value: room.id, label: room.name }))} />
        </Form.Item>
        <Form.Item label="开始时间" required style={{ marginBottom: 0 }}>
          <Form.Item name="fromDay" style={{ display: 'inline-block', width: '60%' }}>
            <Input type="date" aria-label="开始日期" />
          </Form.Item>
          <Form.Item name="fromHalf" style={{ display: 'inline-block', width: '38%', marginLeft: '2%' }}>
            <Select aria-label="开始时段" options={halves} />
          </Form.Item>
        </Form.Item>
        <Form.Item label="结束时间" required style={{ marginBottom: 0 }}>
          <Form.Item name="toDay" style={{ display: 'inline-block', width: '60%' }}>
            <Input type="date" aria-label="结束日期" />
          </Form.Item>
          <Form.Item name="toHalf" style={{ display: 'inline-block', width: '38%', marginLeft: '2%' }}>
            <Select aria-label="结束时段" options={halves} />
          </Form.Item>
        </Form.Item>
        <Form.Item name="purpose" label="用途">
          <Select options={VENUE_PURPOSES.map((purpose) => ({ value: purpose, label: purpose }))} />
        </Form.Item>
        <Form.Item name="projectId" label="关联项目">
          <Select
            allowClear
            placeholder="可不选"
            loading={projects.isLoading}
            options={(projects.data ?? []).map((row) => ({
              value: row.id,
              label: `${row.code} ${row.name}`,
            }))}
            onChange={() => form.setFieldValue('sectionId', undefined)}
            notFoundContent="暂无可关联的项目"
          />
        </Form.Item>
        <Form.Item name="sectionId" label="关联标段">
          <Select
            allowClear
            disabled={!projectId}
            placeholder={projectId ? '请选择标段' : '请先选择关联项目'}
            loading={sections.isLoading}
            options={(sections.data ?? []).map((section) => ({
              value: section.id,
              label: `${section.code} ${section.name}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="contactName" label="联系人" rules={[{ required: true, message: '请输入联系人' }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label="联系电话"
          rules={[{ required: true, message: '请输入联系电话' }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
