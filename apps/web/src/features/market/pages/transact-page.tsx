import type { TransactItem } from '@ks/contract/market';
import { Button, Card, Col, Row, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { EmptyMessage } from '@/components/empty-state.tsx';
import { useTransact } from '../api/market-api.ts';

/** The items by their system, in the server's order. */
function grouped(items: TransactItem[]): [string, TransactItem[]][] {
  const groups = new Map<string, TransactItem[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups.entries()];
}

/**
 * 业务办理 (/system/transact, spec 001 §3 header dropdown; decision 0053): the business the caller
 * may start — the record lists it may save on in every system its menu shows, and an enterprise's
 * practice application and information change — each opening its page.
 */
export function TransactPage() {
  const navigate = useNavigate();
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
    </div>
  );
}
