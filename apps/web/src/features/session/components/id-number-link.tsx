import { idNumberProblem } from '@ks/contract/id-number';
import { PRACTICE_STATUS_LABELS } from '@ks/contract/market';
import { App, Button, Form, Input, List, Tag } from 'antd';
import { type LinkedIdNumber, useLinkIdNumber } from '../api/link-id-number.ts';

const COLORS = { 0: 'default', 1: 'orange', 2: 'green' } as const;

/**
 * 执业注册 in a personnel account's centre (decision 0053): the ID number that links the account to
 * its registration with an enterprise, whose practice status per region the login then reports.
 */
export function IdNumberLink({ linked }: { linked: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ idNumber: string }>();
  const link = useLinkIdNumber();
  const done: LinkedIdNumber | undefined = link.data;
  return (
    <>
      <p>
        {linked
          ? `已绑定身份证号码：${linked}`
          : '尚未绑定身份证号码。绑定后，登录时将按您的注册信息提示各地区执业状态。'}
      </p>
      <Form
        form={form}
        layout="inline"
        onFinish={async ({ idNumber }) => {
          try {
            await link.mutateAsync({ idNumber: idNumber.trim() });
            message.success('身份证号码已绑定');
          } catch {
            // The client has shown the server's message.
          }
        }}
      >
        <Form.Item
          name="idNumber"
          label="身份证号码"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = idNumberProblem(value ?? '');
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input maxLength={18} style={{ width: 240 }} placeholder="18位居民身份证号码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={link.isPending}>
          {linked ? '重新绑定' : '绑定'}
        </Button>
      </Form>
      {done ? (
        <List
          style={{ marginTop: 16 }}
          header="各地区执业状态"
          locale={{ emptyText: '暂未查到审核通过的注册信息' }}
          dataSource={done.practiceDetails}
          renderItem={(detail) => (
            <List.Item>
              {detail.region || '未注明地区'}
              <Tag color={COLORS[detail.status]} style={{ marginLeft: 8 }}>
                {PRACTICE_STATUS_LABELS[detail.status]}
              </Tag>
              <span>{detail.reason}</span>
            </List.Item>
          )}
        />
      ) : null}
    </>
  );
}
