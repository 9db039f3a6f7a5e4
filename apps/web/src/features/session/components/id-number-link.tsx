import { idNumberProblem } from '@ks/contract/id-number';
import { CLAIM_STATE_LABELS, MARKET_MESSAGES, PRACTICE_STATUS_LABELS } from '@ks/contract/market';
import { SmsCodeSchema } from '@ks/contract/session';
import { Alert, App, Button, Form, Input, List, Skeleton, Tag } from 'antd';
import { reportFormError, zodRule } from '@/lib/form-rules.ts';
import { useClaimIdNumber, useConfirmIdNumber, useIdentityState } from '../api/link-id-number.ts';

const COLORS = { 0: 'default', 1: 'orange', 2: 'green' } as const;

/**
 * 执业注册 in a personnel account's centre (decisions 0053, 0063): the ID number that links the
 * account to its registration with an enterprise. A claim shows nothing of the person until it is
 * proven — by the SMS code sent to the mobile on the registration, or by an administrator — and
 * its answer is the same for any number; once proven, the login reports the practice status.
 */
export function IdNumberLink() {
  const { message } = App.useApp();
  const [claimForm] = Form.useForm<{ idNumber: string }>();
  const [codeForm] = Form.useForm<{ smsCode: string }>();
  const { data: state, isPending, isError } = useIdentityState();
  const claim = useClaimIdNumber();
  const confirm = useConfirmIdNumber();
  if (isError) return <Alert type="error" title="绑定情况加载失败，请稍后重试" />;
  if (isPending) return <Skeleton active />;
  const pending = state.claim?.status === 'pending' ? state.claim : null;
  return (
    <>
      <p>
        {state.idNumber
          ? `已绑定身份证号码：${state.idNumber}`
          : '尚未绑定身份证号码。绑定后，登录时将按您的注册信息提示各地区执业状态。'}
      </p>
      {pending ? (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          title={`身份证号码${pending.idNumber}：${MARKET_MESSAGES.idNumberClaimed}`}
          description="验证码发送到您在注册信息中登记的本人手机号码；未登记手机号码的，由管理员核实后确认。"
        />
      ) : state.claim?.status === 'refused' ? (
        <Alert
          type="warning"
          style={{ marginBottom: 16 }}
          title={`身份证号码${state.claim.idNumber}的绑定申请${CLAIM_STATE_LABELS.refused}`}
          description={`理由：${state.claim.refusal}`}
        />
      ) : null}
      {pending ? (
        <Form
          form={codeForm}
          layout="inline"
          style={{ marginBottom: 16 }}
          onFinish={async ({ smsCode }) => {
            try {
              await confirm.mutateAsync({ smsCode: smsCode.trim() });
              message.success('身份证号码已绑定');
              codeForm.resetFields();
            } catch (error) {
              reportFormError(codeForm, error);
            }
          }}
        >
          <Form.Item
            name="smsCode"
            label="短信验证码"
            rules={[
              { required: true, whitespace: true, message: '请输入短信验证码' },
              zodRule(SmsCodeSchema),
            ]}
          >
            <Input maxLength={6} style={{ width: 160 }} placeholder="6位验证码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            验证
          </Button>
        </Form>
      ) : null}
      <Form
        form={claimForm}
        layout="inline"
        onFinish={async ({ idNumber }) => {
          try {
            await claim.mutateAsync({ idNumber: idNumber.trim() });
            message.success(MARKET_MESSAGES.idNumberClaimed);
          } catch (error) {
            reportFormError(claimForm, error);
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
        <Button type="primary" htmlType="submit" loading={claim.isPending}>
          {state.idNumber || pending ? '重新提交' : '绑定'}
        </Button>
      </Form>
      {state.idNumber ? (
        <List
          style={{ marginTop: 16 }}
          header="各地区执业状态"
          locale={{ emptyText: '暂未查到审核通过的注册信息' }}
          dataSource={state.practiceDetails}
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
