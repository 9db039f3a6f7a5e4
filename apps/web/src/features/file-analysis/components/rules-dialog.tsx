import type { CostRuleConfig } from '@ks/contract/cost-checks';
import { Alert, App, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCostRules, useCostRuleVersions, useSaveCostRules } from '../api/checks.ts';

type FormValues = Omit<CostRuleConfig, 'rates' | 'enterpriseSafety' | 'composition'> & {
  ratesJson: string;
  enterpriseSafetyJson: string;
  compositionJson: string;
  note: string;
};

const toForm = (config: CostRuleConfig): Omit<FormValues, 'note'> => {
  const { rates, enterpriseSafety, composition, ...rest } = config;
  return {
    ...rest,
    ratesJson: JSON.stringify(rates, null, 2),
    enterpriseSafetyJson: JSON.stringify(enterpriseSafety, null, 2),
    compositionJson: JSON.stringify(composition, null, 2),
  };
};

const jsonRule = {
  validator: (_: unknown, value: string) => {
    try {
      JSON.parse(value);
      return Promise.resolve();
    } catch {
      return Promise.reject(new Error('请输入有效的 JSON'));
    }
  },
};

/**
 * 规则配置 (administrators): the cost check's rates and tolerances. Saving makes a new version;
 * older versions open read-only. The rate rows (per region, specialty and tax method) and the
 * enterprise safety-fee table are edited as JSON; the server validates every field.
 */
export function RulesDialog({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const [version, setVersion] = useState<number | undefined>();
  const rules = useCostRules(version);
  const versions = useCostRuleVersions();
  const save = useSaveCostRules();
  const [form] = Form.useForm<FormValues>();
  const set = rules.data;
  const readOnly = set ? !set.current : true;

  useEffect(() => {
    if (set) form.setFieldsValue({ ...toForm(set.config), note: '' });
  }, [set, form]);

  const onOk = async () => {
    if (!set || readOnly) return onClose();
    // A failed validation shows its messages on the fields; nothing is sent.
    const valid = await form.validateFields().catch(() => null);
    if (!valid) return;
    const { ratesJson, enterpriseSafetyJson, compositionJson, note, ...values } = valid;
    const config = {
      ...values,
      rates: JSON.parse(ratesJson),
      enterpriseSafety: JSON.parse(enterpriseSafetyJson),
      composition: JSON.parse(compositionJson),
    };
    save.mutate(
      { config, note, baseVersion: set.version },
      {
        onSuccess: (saved) => {
          message.success(`已保存为第 ${saved.version} 版`);
          setVersion(undefined);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title="造价文件检测规则配置"
      width={760}
      onCancel={onClose}
      onOk={onOk}
      okText={readOnly ? '关闭' : '保存为新版本'}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Typography.Text>版本</Typography.Text>
        <Select
          style={{ width: 320 }}
          value={set?.version}
          onChange={(v) => setVersion(v)}
          options={(versions.data ?? []).map((v) => ({
            value: v.version,
            label: `第 ${v.version} 版 ${v.current ? '（当前）' : '（只读）'} ${v.note}`,
          }))}
        />
      </Space>
      {readOnly && set && (
        <Alert
          type="info"
          showIcon
          title="历史版本只读，检测结果会注明所用版本"
          style={{ marginBottom: 12 }}
        />
      )}
      {set?.config.description && (
        <Alert type="warning" showIcon title={set.config.description} style={{ marginBottom: 12 }} />
      )}
      <Form form={form} layout="vertical" disabled={readOnly} size="small">
        <Space wrap>
          <Form.Item
            name="epsilonYuan"
            label="容差 ε（元/每个汇总项）"
            rules={[{ required: true, message: '请输入容差' }]}
          >
            <InputNumber min={0} max={100} step={0.01} />
          </Form.Item>
          <Form.Item
            name="rateTolerancePercent"
            label="费率容差（%）"
            rules={[{ required: true, message: '请输入费率容差' }]}
          >
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item
            name={['vat', 'generalPercent']}
            label="一般计税税率（%）"
            rules={[{ required: true, message: '请输入税率' }]}
          >
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item
            name={['vat', 'simplePercent']}
            label="简易计税税率（%）"
            rules={[{ required: true, message: '请输入税率' }]}
          >
            <InputNumber min={0} max={100} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name={['safetyFloor', 'enabled']} label="安全文明施工费允许下浮" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name={['safetyFloor', 'percent']} label="下浮后不低于（%）">
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item name={['provisionalSum', 'minPercent']} label="暂列金额下限（%）">
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item name={['provisionalSum', 'maxPercent']} label="暂列金额上限（%）">
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item name="lowPricePercent" label="低价预警（占控制价 %）">
            <InputNumber min={0} max={100} />
          </Form.Item>
          <Form.Item name="complaintThresholdPercent" label="控制价投诉复查误差（±%）">
            <InputNumber min={0} max={100} />
          </Form.Item>
        </Space>
        <Form.Item name="ratesJson" label="费率表（按地区、专业、计税方式；JSON）" rules={[jsonRule]}>
          <Input.TextArea rows={8} spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="enterpriseSafetyJson"
          label="企业安全生产费费率与专业对应的工程类别（JSON）"
          rules={[jsonRule]}
        >
          <Input.TextArea rows={6} spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="compositionJson"
          label="工程总造价构成（按地区：累加的费用列与附加构成项；JSON）"
          rules={[jsonRule]}
        >
          <Input.TextArea rows={6} spellCheck={false} />
        </Form.Item>
        <Form.Item name="description" label="说明（注明未核实的费率）">
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        {!readOnly && (
          <Form.Item
            name="note"
            label="修改说明"
            rules={[{ required: true, whitespace: true, message: '请填写修改说明' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
