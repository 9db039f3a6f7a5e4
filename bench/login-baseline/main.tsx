// The baseline of bench/login-bundle.ts: the least a login page built with the platform's stack
// ships (React, antd's form, inputs and button under its Chinese locale), as decision 0035
// measured it (a bare antd login page is about 258 KB gzip of JS).
import { App, Button, ConfigProvider, Form, Input } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createRoot } from 'react-dom/client';

function LoginPage() {
  return (
    <Form layout="vertical" onFinish={() => undefined}>
      <Form.Item label="账号" name="account" rules={[{ required: true, message: '请输入账号' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password />
      </Form.Item>
      <Button type="primary" htmlType="submit" block>
        登录
      </Button>
    </Form>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <ConfigProvider locale={zhCN}>
      <App>
        <LoginPage />
      </App>
    </ConfigProvider>,
  );
