import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { reportFormError } from '@/lib/form-rules.ts';

/**
 * A modal holding one form of the market's dialogs: OK submits the form; `onFinish` runs the call,
 * and a refusal of the server lands under the fields (or in the usual warning dialog).
 */
// biome-ignore lint/suspicious/noExplicitAny: any form's values will do.
export function FormDialog<Values extends Record<string, any>>({
  form,
  title,
  okText,
  danger = false,
  open = true,
  pending,
  initialValues,
  onFinish,
  onCancel,
  children,
}: {
  form: FormInstance<Values>;
  title: string;
  okText: string;
  danger?: boolean;
  open?: boolean;
  pending: boolean;
  initialValues?: Partial<Values> | undefined;
  onFinish: (values: Values) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const submit = async (values: Values) => {
    try {
      await onFinish(values);
    } catch (error) {
      reportFormError(form, error);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger }}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        preserve={false}
      >
        {children}
      </Form>
    </Modal>
  );
}
