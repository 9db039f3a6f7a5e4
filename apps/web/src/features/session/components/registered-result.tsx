import { Result } from 'antd';
import { Link } from 'react-router';
import { LOGIN_PATH } from '@/lib/constants.ts';

/** 138****8000: enough for a person to recognise their phone on a shared screen. */
const maskPhone = (phone: string) => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/** After registration: the account stays inactive until the link sent by SMS is opened. */
export function RegisteredResult({ phone }: { phone: string }) {
  return (
    <Result
      status="success"
      title="注册成功"
      subTitle={`激活链接已发送至您的手机 ${maskPhone(phone)}，请打开短信中的链接激活账号后登录`}
      extra={<Link to={LOGIN_PATH}>返回登录</Link>}
    />
  );
}
