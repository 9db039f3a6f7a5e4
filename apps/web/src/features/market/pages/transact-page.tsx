import type { TransactItem } from '@ks/contract/market';
import { Button, Card, Col, Row, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { useSessionStore } from '@/lib/session-store.ts';
import { useTransact } from '../api/market-api.ts';
import { IdentityClaimTable } from '../components/identity-claims.tsx';
import { TransferTable } from '../components/transfers.tsx';

/** The items by their system, in the server's order. */
function grouped(items: TransactItem[]): [string, TransactItem[]][] {
  const groups = new Map<string, TransactItem[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups.entries()];
}

/**
 * 业务办理 (/system/transact, in the header dropdown; decision 0053): the business the caller
 * may start — the record lists it may save on in every system its menu shows, and an enterprise's
 * practice application and information change — each opening its page; below, the transfers
 * (转注册, decision 0059) — for administrators the open ones to approve — and, for administrators,
 * the ID number claims waiting for their confirmation (decision 0063).
 */
export function TransactPage() {
  const navigate = useNavigate();
  const role = useSessionStore((state) => state.userInfo?.loginRoleType);
  const { data, isPending, isError } = useTransact();
  return (
    <div className="ks-page">
      <Card title={<h1 className="ks-page-title">业务办理</h1>}>
        {isError ? (
          <EmptyMessage text="业务列表加载失败，请稍后重试" />
        ) : isPending ? (
          <Skeleton active />
        ) : data.length === 0 ? (
          <EmptyMessage text="暂无可办理的业务" />
        ) : (
          grouped(data).map(([group, items]) => (
            <section key={group} aria-label={group} style={{ marginBottom: 24 }}>
              <h2 style={{ fontSize: 16 }}>{group}</h2>
              <Row gutter={[16, 16]}>
                {items.map((item) => (
                  <Col key={item.code} xs={24} sm={12} lg={8}>
                    <Card size="small" title={item.title}>
                      <p style={{ minHeight: 44 }}>{item.description}</p>
                      <Button type="primary" onClick={() => navigate(item.path)}>
                        办理
                      </Button>
                    </Card>
                  </Col>
                ))}
              </Row>
            </section>
          ))
        )}
      </Card>
      {role && role !== 'D' ? (
        <Card
          title={<h2 className="ks-page-title">{role === 'M' ? '待审批的转注册' : '转注册'}</h2>}
          style={{ marginTop: 16 }}
        >
          <TransferTable
            open={role === 'M'}
            emptyText={role === 'M' ? '暂无待审批的转注册申请' : '暂无转注册申请'}
          />
        </Card>
      ) : null}
      {role === 'M' ? (
        <Card title={<h2 className="ks-page-title">待确认的身份证号码绑定</h2>} style={{ marginTop: 16 }}>
          <IdentityClaimTable />
        </Card>
      ) : null}
    </div>
  );
}
