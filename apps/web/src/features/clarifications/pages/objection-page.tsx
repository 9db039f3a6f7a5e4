import type { Objection, ObjectionAnswerBody, ObjectionRaiseBody } from '@ks/contract/clarifications';
import { TRADING_SIDE_LABELS } from '@ks/contract/trading';
import { App, Button, Card, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { reportFormError } from '@/lib/form-rules.ts';
import {
  useAnswerObjection,
  useObjectionSections,
  useObjections,
  useRaiseObjection,
} from '../api/clarify-api.ts';
import { chinaTime, ObjectionStateTag } from '../components/labels.tsx';

/** 提出异议: a section of an approved project (not the caller's own) and the objection's text. */
function RaiseDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<ObjectionRaiseBody>();
  const sections = useObjectionSections(true);
  const raise = useRaiseObjection();
  const { message } = App.useApp();
  return (
    <Modal
      open
      title="提出异议"
      okText="提交"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={raise.isPending}
    >
      <Form<ObjectionRaiseBody>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          raise.mutate(values, {
            onSuccess: () => {
              message.success('提交成功');
              onClose();
            },
            onError: (error) => reportFormError(form, error),
          })
        }
      >
        <Form.Item name="sectionId" label="标段" rules={[{ required: true, message: '请选择标段' }]}>
          <Select
            loading={sections.isPending}
            notFoundContent="没有可提出异议的标段"
            options={(sections.data ?? []).map((section) => ({
              value: section.id,
              label: `${section.projectName} ${section.code} ${section.name}（投标截止 ${section.bidDeadlineAt}）`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="content"
          label="异议内容"
          rules={[{ required: true, whitespace: true, message: '请填写异议内容' }]}
          extra="对招标文件有异议的，应当在投标截止时间10日前提出；答复前该标段暂停招标投标活动"
        >
          <Input.TextArea rows={5} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 答复异议 by the project's tenderee or agent. */
function AnswerDialog({ objection, onClose }: { objection: Objection; onClose: () => void }) {
  const [form] = Form.useForm<Pick<ObjectionAnswerBody, 'answer'>>();
  const answer = useAnswerObjection();
  const { message } = App.useApp();
  return (
    <Modal
      open
      title="答复异议"
      okText="答复"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={answer.isPending}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{objection.content}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">应于 {objection.answerDue} 前答复</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          answer.mutate(
            { id: objection.id, version: objection.version, answer: values.answer },
            {
              onSuccess: () => {
                message.success('答复成功');
                onClose();
              },
              onError: (error) => reportFormError(form, error),
            },
          )
        }
      >
        <Form.Item
          name="answer"
          label="答复内容"
          rules={[{ required: true, whitespace: true, message: '请填写答复内容' }]}
        >
          <Input.TextArea rows={5} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 异议 (/clarify/objection): a bidder's own objections and 提出异议; the objections on a party's
 * projects with 答复; every objection to the centre and supervisors. Buttons from the server.
 */
export function ObjectionPage() {
  const list = useObjections();
  const [raising, setRaising] = useState(false);
  const [answering, setAnswering] = useState<Objection | null>(null);
  const mayRaise = list.data?.mayRaise ?? false;
  return (
    <Card
      title="异议"
      extra={
        mayRaise ? (
          <Button type="primary" onClick={() => setRaising(true)}>
            提出异议
          </Button>
        ) : null
      }
    >
      <Table<Objection>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '暂无异议' }}
        expandable={{
          expandedRowRender: (row) => (
            <>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{row.content}</Typography.Paragraph>
              {row.state === 'answered' ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
                  答复（{row.answeredByName}，{chinaTime(row.answeredAt)}）：{row.answer}
                </Typography.Paragraph>
              ) : null}
            </>
          ),
        }}
        columns={[
          { title: '项目', dataIndex: 'projectName' },
          { title: '标段', key: 'section', render: (_, r) => `${r.sectionCode} ${r.sectionName}` },
          { title: '提出单位', dataIndex: 'raisedByName' },
          { title: '提出时间', key: 'raisedAt', render: (_, r) => chinaTime(r.raisedAt) },
          { title: '答复期限', dataIndex: 'answerDue' },
          { title: '状态', key: 'state', render: (_, r) => <ObjectionStateTag state={r.state} /> },
          { title: '我的身份', key: 'side', render: (_, r) => <Tag>{TRADING_SIDE_LABELS[r.side]}</Tag> },
          {
            title: '操作',
            key: 'actions',
            render: (_, r) =>
              r.actions.includes('answer') ? (
                <Button type="link" size="small" onClick={() => setAnswering(r)}>
                  答复
                </Button>
              ) : null,
          },
        ]}
      />
      {raising ? <RaiseDialog onClose={() => setRaising(false)} /> : null}
      {answering ? <AnswerDialog objection={answering} onClose={() => setAnswering(null)} /> : null}
    </Card>
  );
}
