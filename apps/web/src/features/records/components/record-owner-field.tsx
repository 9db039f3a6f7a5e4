import { ON_BEHALF_MESSAGES, type RecordDetails } from '@ks/contract/records';
import { Col, Form, type FormInstance, Row } from 'antd';
import { EnterpriseSelect } from '../../../shared/enterprise-select.tsx';

export type OwnerValues = { ownerUserId?: string };

/**
 * 所属企业 (decision 0060), shown to an administrator on a node that accepts an owner chosen by one
 * (the form details' `onBehalf`): on a new record the enterprise it is entered for, chosen first and
 * required (enabled enterprises only, as the server accepts); on a saved one the enterprise it
 * belongs to, which no save changes.
 */
export function RecordOwnerField({
  onBehalf,
  form,
  isChoosing,
  onChange,
}: {
  onBehalf: NonNullable<RecordDetails['onBehalf']>;
  form: FormInstance<OwnerValues>;
  /** A new record: the owner is chosen here; otherwise it is shown. */
  isChoosing: boolean;
  onChange: (ownerUserId: string | undefined) => void;
}) {
  if (!isChoosing && !onBehalf.owner) return null;
  return (
    <Form<OwnerValues>
      form={form}
      name="ks-record-owner"
      layout="vertical"
      onValuesChange={(_changed, values) => onChange(values.ownerUserId || undefined)}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {isChoosing ? (
            <Form.Item
              name="ownerUserId"
              label="所属企业"
              required
              rules={[{ required: true, message: ON_BEHALF_MESSAGES.ownerRequired }]}
              extra="代企业录入：保存后该数据属于所选企业"
            >
              <EnterpriseSelect onlyEnabled />
            </Form.Item>
          ) : (
            <Form.Item label="所属企业">
              <span className="ks-detail-value">{onBehalf.owner?.name}</span>
            </Form.Item>
          )}
        </Col>
      </Row>
    </Form>
  );
}
