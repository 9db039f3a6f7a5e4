import {
  EVALUATION_METHODS,
  type Project,
  type ProjectSaveBody,
  SECTION_TYPES,
  type SectionInput,
} from '@ks/contract/trading';
import { Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useSaveProject } from '../api/trading-api.ts';
import { placeServerErrors } from './field-errors.ts';

type SectionValues = Omit<SectionInput, 'controlPrice' | 'estimatePrice'> & {
  estimatePrice: number | null;
  controlPrice: number | null;
};
type FormValues = Omit<ProjectSaveBody, 'sections' | 'id' | 'version'> & { sections: SectionValues[] };

const EMPTY_SECTION: Partial<SectionValues> = { controlPrice: null, controlPriceNote: '' };

/** The form's datetime-local value ("YYYY-MM-DDTHH:mm") from the server's "YYYY-MM-DD HH:mm". */
const toInput = (value: string) => value.replace(' ', 'T');

function initialOf(project: Project | null): Partial<FormValues> {
  if (!project) return { capacity: 'tenderee', tendereeName: '', sections: [EMPTY_SECTION as SectionValues] };
  return {
    name: project.name,
    capacity: project.side === 'agent' ? 'agent' : 'tenderee',
    tendereeName: project.tendereeName,
    principal: project.principal,
    principalPhone: project.principalPhone,
    sections: project.sections.map((section) => ({
      id: section.id,
      name: section.name,
      type: section.type,
      estimatePrice: section.estimatePrice,
      controlPrice: section.controlPrice,
      controlPriceNote: section.controlPriceNote,
      qualification: section.qualification,
      evaluationMethod: section.evaluationMethod as SectionValues['evaluationMethod'],
      noticeAt: toInput(section.noticeAt),
      saleStartAt: toInput(section.saleStartAt),
      saleEndAt: toInput(section.saleEndAt),
      bidDeadlineAt: toInput(section.bidDeadlineAt),
      openingAt: toInput(section.openingAt),
    })),
  };
}

const DATES = [
  ['noticeAt', '公告发布时间'],
  ['saleStartAt', '文件发售开始时间'],
  ['saleEndAt', '文件发售截止时间'],
  ['bidDeadlineAt', '投标截止时间'],
  ['openingAt', '开标时间'],
] as const;

/**
 * 项目进场: a project and its bid sections, new (the caller chooses whether it is the tenderee or
 * its agent) or a draft or returned one being edited. Every check is the server's: its
 * `{field: message}` answer lands under the field, nested section fields included.
 */
export function ProjectForm({
  project,
  onSaved,
  onCancel,
}: {
  /** The project being edited, or null for a new entry. */
  project: Project | null;
  onSaved: (saved: Project) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveProject();
  const capacity = Form.useWatch('capacity', form);

  const finish = async (values: FormValues) => {
    const body = {
      ...values,
      ...(project ? { id: project.id, version: project.version } : {}),
      tendereeName: values.tendereeName ?? '',
      sections: values.sections.map((section) => ({
        ...section,
        controlPriceNote: section.controlPriceNote ?? '',
        controlPrice: section.controlPrice ?? null,
      })),
    } as ProjectSaveBody;
    try {
      onSaved(await save.mutateAsync(body));
    } catch (error) {
      placeServerErrors(form, error);
    }
  };

  return (
    <Modal
      open
      width={900}
      title={project ? '编辑项目' : '项目进场登记'}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialOf(project)} onFinish={finish}>
        <Form.Item name="name" label="项目名称">
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="capacity" label="您的身份">
          <Radio.Group disabled={project !== null}>
            <Radio value="tenderee">招标人</Radio>
            <Radio value="agent">招标代理</Radio>
          </Radio.Group>
        </Form.Item>
        {capacity === 'agent' && (
          <Form.Item name="tendereeName" label="招标人名称">
            <Input maxLength={100} />
          </Form.Item>
        )}
        <Space wrap>
          <Form.Item name="principal" label="项目负责人">
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="principalPhone" label="负责人电话">
            <Input maxLength={11} />
          </Form.Item>
        </Space>
        <Form.List name="sections">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  title={`标段${index + 1}`}
                  style={{ marginBottom: 12 }}
                  extra={
                    fields.length > 1 && (
                      <Button type="link" danger onClick={() => remove(field.name)}>
                        删除标段
                      </Button>
                    )
                  }
                >
                  <Form.Item name={[field.name, 'id']} hidden>
                    <Input />
                  </Form.Item>
                  <Space wrap>
                    <Form.Item name={[field.name, 'name']} label="标段名称">
                      <Input maxLength={100} aria-label={`标段${index + 1}名称`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'type']} label="标段类型">
                      <Select
                        style={{ width: 120 }}
                        aria-label={`标段${index + 1}类型`}
                        options={SECTION_TYPES.map((type) => ({ value: type, label: type }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'evaluationMethod']} label="评标办法">
                      <Select
                        style={{ width: 200 }}
                        aria-label={`标段${index + 1}评标办法`}
                        options={EVALUATION_METHODS.map((method) => ({ value: method, label: method }))}
                      />
                    </Form.Item>
                  </Space>
                  <Space wrap>
                    <Form.Item name={[field.name, 'estimatePrice']} label="估算金额（元）">
                      <InputNumber style={{ width: 200 }} aria-label={`标段${index + 1}估算金额`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'controlPrice']} label="最高投标限价（元）">
                      <InputNumber style={{ width: 200 }} aria-label={`标段${index + 1}最高投标限价`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'controlPriceNote']} label="限价说明（未填写限价时必填）">
                      <Input maxLength={200} aria-label={`标段${index + 1}限价说明`} />
                    </Form.Item>
                  </Space>
                  <Form.Item name={[field.name, 'qualification']} label="资格要求">
                    <Input.TextArea rows={2} maxLength={2000} aria-label={`标段${index + 1}资格要求`} />
                  </Form.Item>
                  <Space wrap>
                    {DATES.map(([code, label]) => (
                      <Form.Item key={code} name={[field.name, code]} label={label}>
                        <Input type="datetime-local" aria-label={`标段${index + 1}${label}`} />
                      </Form.Item>
                    ))}
                  </Space>
                </Card>
              ))}
              <Button onClick={() => add(EMPTY_SECTION)}>添加标段</Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
