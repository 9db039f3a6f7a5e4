import { DownloadOutlined, FilterOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { ERROR_CODES } from '@ks/contract/errors';
import { DEEP_PAGE_MESSAGE, NODE_ACCESS_DENIED_MESSAGE } from '@ks/contract/records';
import { App, Button, Card, Result, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/http.ts';
import { useSessionStore } from '@/lib/session-store.ts';
import { detailPath } from '../../../shared/record-paths.ts';
import { useRecordCards, useRecords } from '../api/find-records.ts';
import { usePublishedNode } from '../api/get-published-node.ts';
import { exportRecords } from '../api/transfer-records.ts';
import type { NodeRef, RecordRow, SearchTag } from '../api/types.ts';
import { CardList } from '../components/card-list.tsx';
import { ChartArea } from '../components/chart-area.tsx';
import { FilterCard } from '../components/filter-card.tsx';
import { ImportDialog } from '../components/import-dialog.tsx';
import { NodePreview } from '../components/node-preview.tsx';
import { RecordTable, type Sort } from '../components/record-table.tsx';
import { useRowActions } from '../components/row-actions.tsx';
import { SearchBar } from '../components/search-bar.tsx';
import { FIRST_PAGE, type PagePosition, pageAt } from '../lib/page-position.ts';
import { getStoredPageSize } from '../lib/table-memory.ts';
import { useReenable } from '../lib/use-reenable.ts';

/**
 * /dynamicPage/dynamicIndex?systemCoding=&gnCoding=: a node's list, driven by its
 * published definition: search bar, filter cards, charts, then the table or the card list, with the
 * toolbar buttons of the functions the caller has on the node. Developers get the node's preview.
 */
export function DynamicIndexPage() {
  const [params] = useSearchParams();
  const node: NodeRef = {
    systemCoding: params.get('systemCoding') ?? '',
    gnCoding: params.get('gnCoding') ?? '',
  };
  const published = usePublishedNode(node);
  const isDev = useSessionStore((state) => state.isDev);
  if (!node.systemCoding || !node.gnCoding) return <Result status="warning" title="缺少系统或功能编码" />;
  if (published.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!published.data) {
    const refused = isApiError(published.error) && published.error.code === ERROR_CODES.FORBIDDEN;
    return refused ? (
      <Result status="403" title={NODE_ACCESS_DENIED_MESSAGE} />
    ) : (
      <Result status="info" title="该功能尚未发布" />
    );
  }
  // Developers read no records (the server refuses them): they see what they built instead.
  if (isDev) return <NodePreview node={node} definition={published.data.definition} />;
  return (
    <NodeList
      key={`${node.systemCoding}:${node.gnCoding}`}
      node={node}
      definition={published.data.definition}
    />
  );
}

type Definition = NonNullable<ReturnType<typeof usePublishedNode>['data']>['definition'];

function NodeList({ node, definition }: { node: NodeRef; definition: Definition }) {
  const navigate = useNavigate();
  const tableKey = `${node.systemCoding}:${node.gnCoding}`;
  const isCard = definition.list.view === 'card' && definition.list.cardStyle !== null;
  const [search, setSearch] = useState<SearchTag[]>([]);
  const [filterValues, setFilterValues] = useState<Record<string, Record<string, string>>>({});
  const [filterOpen, setFilterOpen] = useState(false);
  const [position, setPosition] = useState<PagePosition>(FIRST_PAGE);
  const [pageSize, setPageSize] = useState(() => getStoredPageSize(tableKey));
  const { message } = App.useApp();
  const [sort, setSort] = useState<Sort>({});
  const [importOpen, setImportOpen] = useState(false);
  const { isCoolingDown, guard } = useReenable();
  const filters = useMemo(
    () => Object.assign({}, ...Object.values(filterValues)) as Record<string, string>,
    [filterValues],
  );
  const criteria = {
    ...node,
    pageSize,
    search: search.map((tag) => ({ code: tag.code, val: tag.val })),
    filters,
    ...sort,
  };
  const table = useRecords({ ...criteria, ...position }, !isCard);
  const cards = useRecordCards(criteria, isCard);
  const actions = useRowActions(node);

  const first = isCard ? cards.data?.pages[0] : table.data;
  const columns = first?.columns ?? definition.list.columns;
  const functions = first?.functions ?? [];
  const cardStyle = cards.data?.pages[0]?.cardStyle ?? definition.list.cardStyle;

  const onOperation = guard((code: string, row: RecordRow) =>
    actions.run(row.operations.find((operation) => operation.code === code) ?? { code, name: code }, {
      id: row.id,
      version: row.version,
    }),
  );
  const toolbar = (
    <>
      {definition.list.filters.length > 0 && (
        <Button icon={<FilterOutlined />} onClick={() => setFilterOpen((open) => !open)}>
          筛选
        </Button>
      )}
      {functions.includes('save') && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={isCoolingDown}
          onClick={guard(() => navigate(detailPath(node)))}
        >
          新增
        </Button>
      )}
      {functions.includes('export') && (
        <Button
          icon={<DownloadOutlined />}
          disabled={isCoolingDown}
          onClick={guard(() => void exportRecords(criteria).catch(() => undefined))}
        >
          导出
        </Button>
      )}
      {functions.includes('import') && (
        <Button icon={<ImportOutlined />} disabled={isCoolingDown} onClick={guard(() => setImportOpen(true))}>
          导入
        </Button>
      )}
    </>
  );

  return (
    <div>
      <ChartArea node={node} charts={definition.charts} />
      <Card size="small" style={{ marginBottom: 12 }}>
        <SearchBar
          columns={columns}
          onSearch={(tags) => {
            setSearch(tags);
            setPosition(FIRST_PAGE);
          }}
        />
      </Card>
      {definition.list.filters.map((filter) => (
        <FilterCard
          key={filter.displayCode}
          node={node}
          displayCode={filter.displayCode}
          open={filterOpen}
          onChange={(values) => {
            setFilterValues((current) => ({ ...current, [filter.displayCode]: values }));
            setPosition(FIRST_PAGE);
          }}
        />
      ))}
      <Card size="small">
        {isCard && cardStyle ? (
          <>
            <div style={{ marginBottom: 12, display: 'flex', gap: 8 }}>{toolbar}</div>
            <CardList
              cardStyle={cardStyle}
              records={cards.data?.pages.flatMap((page) => page.records) ?? []}
              hasMore={cards.hasNextPage}
              isLoading={cards.isLoading}
              isFetchingMore={cards.isFetchingNextPage}
              isCoolingDown={isCoolingDown}
              onLoadMore={() => void cards.fetchNextPage()}
              onOperation={onOperation}
            />
          </>
        ) : (
          <RecordTable
            tableKey={tableKey}
            columns={columns}
            records={table.data?.records ?? []}
            total={table.data?.total ?? 0}
            totalExact={table.data?.totalExact ?? true}
            curPage={position.curPage}
            pageSize={pageSize}
            sort={sort}
            isLoading={table.isFetching}
            isCoolingDown={isCoolingDown}
            toolbar={toolbar}
            onPageChange={(page, size) => {
              const next = pageAt(position, page, size, table.data?.records ?? []);
              if (!next) {
                void message.warning(DEEP_PAGE_MESSAGE);
                return;
              }
              setPosition(next);
              setPageSize(size);
            }}
            onSortChange={(next) => {
              setSort(next);
              setPosition(FIRST_PAGE);
            }}
            onRefresh={() => void table.refetch()}
            onOperation={onOperation}
          />
        )}
      </Card>
      {actions.element}
      <ImportDialog
        node={node}
        items={definition.form.items}
        open={importOpen}
        onClose={() => setImportOpen(false)}
      />
    </div>
  );
}
