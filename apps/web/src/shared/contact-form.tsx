import {
  CONTACT_FORM_FIELDS,
  type Contact,
  type ContactFormLength,
  type ContactListResponse,
  ContactNameSchema,
  ContactTelSchema,
} from '@ks/contract/market';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Col, Form, Input, Row } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '@/lib/form-rules.ts';
import { http } from '@/lib/http.ts';

export type ContactValues = Partial<Omit<Contact, 'id'>>;

const LABELS: Record<keyof ContactValues, string> = {
  ry_name: '联系人',
  tel: '联系电话',
  position: '职务',
  email: '电子邮箱',
};

/**
 * POST /ks/basic/contacts: the enterprise's passed contact persons, `{status, result}`.
 * Quiet: the list only offers names to pick; whoever may not read it (a person, an administrator
 * naming no enterprise) types the contact instead.
 */
export const useContacts = (query: { id?: string; qyType?: string }) =>
  useQuery({
    queryKey: ['market', 'contacts', query] as const,
    queryFn: async () =>
      (await http.post<ContactListResponse>('/ks/basic/contacts', query, { quiet: true })).result,
  });

/**
 * The contact form: `length` 1 is the contact person only (ry_name, tel), 3 — the
 * default — the full form with position and email. 联系人 offers the enterprise's passed contacts
 * (an administrator names the enterprise by `enterpriseId`); choosing one fills the rest, and any
 * other person may be typed. Fields live under `name` of the surrounding antd Form. With `prefill`,
 * empty fields start as the first listed contact's. The rules are the contract's, as the server's.
 */
export function ContactFields({
  name = 'contact',
  length = 3,
  enterpriseId,
  qyType,
  prefill = false,
  disabled = false,
}: {
  name?: string;
  length?: ContactFormLength;
  enterpriseId?: string;
  qyType?: string;
  prefill?: boolean;
  disabled?: boolean;
}) {
  const form = Form.useFormInstance();
  const { data: contacts = [] } = useContacts({
    ...(enterpriseId ? { id: enterpriseId } : {}),
    ...(qyType ? { qyType } : {}),
  });
  const fields = CONTACT_FORM_FIELDS[length];
  const fill = (contact: Contact) => {
    const filled = Object.fromEntries(fields.map((field) => [field, contact[field] ?? '']));
    form.setFieldValue(name, { ...form.getFieldValue(name), ...filled });
  };
  const choose = (value: string) => {
    const contact = contacts.find((one) => one.ry_name === value);
    if (contact) fill(contact);
  };
  const [first] = contacts;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the list arrives, not on every render.
  useEffect(() => {
    if (!prefill || disabled || !first) return;
    const current = (form.getFieldValue(name) ?? {}) as ContactValues;
    if (fields.every((field) => !current[field])) fill(first);
  }, [prefill, disabled, first]);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name={[name, 'ry_name']}
          label={LABELS.ry_name}
          required
          rules={[zodRule(ContactNameSchema)]}
        >
          <AutoComplete
            aria-label={LABELS.ry_name}
            disabled={disabled}
            placeholder="选择或输入联系人"
            options={contacts.map((contact) => ({
              value: contact.ry_name,
              label: contact.position ? `${contact.ry_name}（${contact.position}）` : contact.ry_name,
            }))}
            onSelect={choose}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={[name, 'tel']} label={LABELS.tel} required rules={[zodRule(ContactTelSchema)]}>
          <Input aria-label={LABELS.tel} maxLength={13} disabled={disabled} />
        </Form.Item>
      </Col>
      {fields.includes('position') ? (
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'position']}
            label={LABELS.position}
            rules={[{ max: 30, message: '职务不能超过30个字符' }]}
          >
            <Input aria-label={LABELS.position} maxLength={30} disabled={disabled} />
          </Form.Item>
        </Col>
      ) : null}
      {fields.includes('email') ? (
        <Col xs={24} md={12}>
          <Form.Item
            name={[name, 'email']}
            label={LABELS.email}
            rules={[{ type: 'email', message: '请输入正确的电子邮箱' }]}
          >
            <Input aria-label={LABELS.email} maxLength={100} disabled={disabled} />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}
