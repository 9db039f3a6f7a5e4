import type { PublishedControlPrice } from '@ks/contract/cost-checks';
import { Card, Empty, Table, Typography } from 'antd';
import { usePublishedControlPrice } from '../api/checks.ts';

type Unit = PublishedControlPrice['units'][number];

const MONEY_COLUMNS: { key: keyof Unit; title: string }[] = [
  { key: 'fbfxf', title: '分部分项工程费' },
  { key: 'csxmf', title: '措施项目费' },
  { key: 'qtxmf', title: '其他项目费' },
  { key: 'gf', title: '规费' },
  { key: 'sj', title: '税金' },
];

/**
 * 招标控制价（公布）: the control price's total and each unit project's F, C, Q, G, S, as GB
 * 50500-2013 has the tenderer publish them (C18). Administrators and the project's bidders see it.
 */
export function ControlPriceCard({ xmId }: { xmId: string }) {
  const published = usePublishedControlPrice(xmId);
  const data = published.data;
  return (
    <Card title="招标控制价（公布）" size="small" loading={published.isPending}>
      {data && data.controlTotal === null ? (
        <Empty description="项目尚无已解析的招标控制价" />
      ) : (
        data && (
          <>
            <Typography.Paragraph>
              招标控制价总价：<Typography.Text strong>{data.controlTotal}</Typography.Text> 元
            </Typography.Paragraph>
            <Table<Unit>
              size="small"
              rowKey="path"
              pagination={false}
              dataSource={data.units}
              columns={[
                { key: 'name', title: '单位工程', dataIndex: 'name' },
                { key: 'zy', title: '专业', dataIndex: 'zy', render: (zy: string | null) => zy ?? '—' },
                ...MONEY_COLUMNS.map(({ key, title }) => ({
                  key,
                  title,
                  dataIndex: key,
                  align: 'right' as const,
                })),
              ]}
            />
          </>
        )
      )}
    </Card>
  );
}
