import type { OnSaleSection } from '@ks/contract/tender-files';
import { TRADING_SIDE_LABELS } from '@ks/contract/trading';
import { Button, Card, Empty, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useOnSaleSections } from '../api/tender-files-api.ts';
import { SectionDocuments } from '../components/section-documents.tsx';
import { SignUpDialog } from '../components/sign-up-dialog.tsx';

/**
 * 招标文件发售 (/trade/onSale): the sections whose documents are on sale now by the server's clock.
 * 报名 and 下载 are the server's `actions`; a row opens to the section's documents.
 */
export function OnSalePage() {
  const sections = useOnSaleSections();
  const [signingUp, setSigningUp] = useState<OnSaleSection | null>(null);
  return (
    <Card title="招标文件发售">
      <Table<OnSaleSection>
        rowKey="sectionId"
        loading={sections.isLoading}
        dataSource={sections.data ?? []}
        locale={{ emptyText: <Empty description="当前没有正在发售文件的标段" /> }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        expandable={{
          expandedRowRender: (row) => <SectionDocuments sectionId={row.sectionId} />,
          expandRowByClick: false,
        }}
        columns={[
          { title: '项目名称', dataIndex: 'projectName' },
          { title: '标段', render: (_, row) => `${row.sectionCode} ${row.sectionName}` },
          { title: '文件发售', render: (_, row) => `${row.saleStartAt} 至 ${row.saleEndAt}` },
          { title: '投标截止', dataIndex: 'bidDeadlineAt' },
          {
            title: '我的身份',
            render: (_, row) => (
              <Space>
                <Tag>{TRADING_SIDE_LABELS[row.side]}</Tag>
                {row.signedUp === true && <Tag color="blue">已报名</Tag>}
              </Space>
            ),
          },
          {
            title: '操作',
            render: (_, row) =>
              row.actions.includes('signUp') ? (
                <Button type="primary" size="small" onClick={() => setSigningUp(row)}>
                  报名
                </Button>
              ) : null,
          },
        ]}
      />
      {signingUp && (
        <SignUpDialog
          sectionId={signingUp.sectionId}
          title={`${signingUp.sectionCode} ${signingUp.sectionName}`}
          onClose={() => setSigningUp(null)}
        />
      )}
    </Card>
  );
}
