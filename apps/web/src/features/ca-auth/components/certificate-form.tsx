import { Alert, Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { placeFieldErrors } from '@/lib/form-rules.ts';
import { isApiError } from '@/lib/http.ts';
import { type CertificateSigner, localSigner, SignerError } from '../signer.ts';

type Values = { certificate?: File; privateKey?: File };

/** A file input as a form control: holds the chosen File, shows its name. */
function FilePick({
  value,
  onChange,
  label,
  accept,
}: {
  value?: File;
  onChange?: (file: File | undefined) => void;
  label: string;
  accept: string;
}) {
  return (
    <span>
      <input
        type="file"
        aria-label={label}
        accept={accept}
        onChange={(event) => onChange?.(event.target.files?.[0] ?? undefined)}
      />
      {value ? <Typography.Text type="secondary">{value.name}</Typography.Text> : null}
    </span>
  );
}

/**
 * The holder's certificate and private key, signed by the local signer (decision 0080), then
 * `onSigned` sends the signature. The server's refusals go under the field they concern (a
 * signature under the key that made it); the others above the button.
 */
export function CertificateForm({
  submitText,
  onSigned,
}: {
  submitText: string;
  onSigned: (signer: CertificateSigner) => Promise<void>;
}) {
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async ({ certificate, privateKey }: Values) => {
    if (!certificate || !privateKey) return;
    setPending(true);
    setFailure(null);
    try {
      await onSigned(localSigner(certificate, privateKey));
    } catch (error) {
      if (error instanceof SignerError) {
        form.setFields([{ name: error.field, errors: [error.message] }]);
      } else if (!placeFieldErrors(form, error, { signature: 'privateKey' })) {
        // A refusal without a field (a used challenge); a failure of the browser's signing too.
        if (!isApiError(error) || error.status === 400) {
          setFailure(error instanceof Error && error.message ? error.message : '证书签名失败，请重试');
        }
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={onFinish} onValuesChange={() => setFailure(null)}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="本地签名器"
        description="此处使用本地签名器：在浏览器中用您选择的私钥文件（RSA：PKCS#8 PEM；国密SM2：十六进制私钥）对登录挑战签名，私钥不会上传。使用USB Key的用户请安装CA厂商的证书助手。"
      />
      <Form.Item name="certificate" label="证书文件" rules={[{ required: true, message: '请选择证书文件' }]}>
        <FilePick label="证书文件" accept=".pem,.crt,.cer,.der" />
      </Form.Item>
      <Form.Item name="privateKey" label="私钥文件" rules={[{ required: true, message: '请选择私钥文件' }]}>
        <FilePick label="私钥文件" accept=".pem,.key" />
      </Form.Item>
      {failure ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={failure} /> : null}
      <Button type="primary" htmlType="submit" loading={pending} block>
        {submitText}
      </Button>
    </Form>
  );
}
