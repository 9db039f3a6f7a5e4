import type { CardStyle } from '@ks/contract/node-definition';
import { Button, Card, Empty, Space, Spin, Tag } from 'antd';
import { type CSSProperties, type UIEvent, useEffect, useRef } from 'react';
import { readableColor } from '@/lib/readable-colors.ts';
import type { RecordRow } from '../api/types.ts';
import { annexWidth } from '../lib/list-rules.ts';
import { cellValue, textOf } from './record-cells.tsx';

type Annex = { fileName: string; url?: string };

/** Reads a "key: value; key: value" style text into React style properties (unknown keys pass through). */
export function parseStyle(text: string): CSSProperties {
  const style: Record<string, string> = {};
  for (const part of text.split(';')) {
    const [key, ...rest] = part.split(':');
    const value = rest.join(':').trim();
    if (!key?.trim() || !value) continue;
    style[key.trim().replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return style;
}

const annexesOf = (row: RecordRow): Annex[] =>
  Array.isArray(row.fileList)
    ? (row.fileList as unknown[]).filter(
        (file): file is Annex => typeof file === 'object' && file !== null && 'fileName' in file,
      )
    : [];

/** Near the bottom: load the next page. */
const BOTTOM_MARGIN_PX = 40;

/**
 * The card list ("Card style"): the title from titleKey in the card style's
 * size and style, the contents, the status tag, the annex row laid out by the 'more' widths.
 */
export function CardList({
  cardStyle,
  records,
  hasMore,
  isLoading,
  isFetchingMore,
  isCoolingDown,
  onLoadMore,
  onOperation,
}: {
  cardStyle: CardStyle;
  records: RecordRow[];
  hasMore: boolean;
  isLoading: boolean;
  isFetchingMore: boolean;
  isCoolingDown: boolean;
  onLoadMore: () => void;
  onOperation: (code: string, row: RecordRow) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (hasMore && !isFetchingMore && box.scrollTop + box.clientHeight >= box.scrollHeight - BOTTOM_MARGIN_PX)
      onLoadMore();
  };
  // Cards that do not fill the box (a tall screen, narrow cards) leave nothing to scroll, so no
  // scroll would ever ask for the next page: ask until the box scrolls or the list ends.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever the cards change
  useEffect(() => {
    const box = boxRef.current;
    if (!box || box.clientHeight === 0 || !hasMore || isFetchingMore || isLoading) return;
    if (box.scrollHeight <= box.clientHeight + BOTTOM_MARGIN_PX) onLoadMore();
  }, [records.length, hasMore, isFetchingMore, isLoading]);
  const titleStyle: CSSProperties = {
    fontSize: cardStyle.titleFontSize,
    fontWeight: cardStyle.titleFontStyle === 'bold' ? 'bold' : 'normal',
    fontStyle: cardStyle.titleFontStyle === 'italic' ? 'italic' : 'normal',
  };
  return (
    <Spin spinning={isLoading}>
      <div
        data-testid="card-list"
        ref={boxRef}
        onScroll={onScroll}
        style={{ maxHeight: 'calc(100vh - 260px)', overflowY: 'auto', display: 'flex', flexWrap: 'wrap' }}
      >
        {records.length === 0 && !isLoading && <Empty style={{ width: '100%' }} />}
        {records.map((row) => {
          const annexes = annexesOf(row);
          return (
            <div key={row.id} style={{ width: cardStyle.width, padding: 6, boxSizing: 'border-box' }}>
              <Card
                size="small"
                title={<span style={titleStyle}>{textOf(cellValue(row, cardStyle.titleKey))}</span>}
                extra={<Tag color={readableColor(row.statusColor)}>{row.statusName}</Tag>}
              >
                {cardStyle.contents.map((content) => (
                  <div
                    key={content.contentKey}
                    style={{
                      fontSize: content.fontSize,
                      color: content.color || undefined,
                      ...parseStyle(content.style),
                    }}
                  >
                    {textOf(cellValue(row, content.contentKey))}
                  </div>
                ))}
                {annexes.length > 0 && (
                  <div style={{ display: 'flex', flexWrap: 'wrap', marginTop: 8 }}>
                    {annexes.map((annex) => (
                      <span
                        key={`${annex.fileName}-${annex.url ?? ''}`}
                        data-testid="card-annex"
                        style={{
                          width: annexWidth(annexes.length),
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                        }}
                      >
                        {annex.fileName}
                      </span>
                    ))}
                  </div>
                )}
                <Space size={0} wrap style={{ marginTop: 8 }}>
                  {row.operations
                    .filter((operation) => operation.show)
                    .map((operation) => (
                      <Button
                        key={operation.code}
                        type="link"
                        size="small"
                        disabled={isCoolingDown}
                        onClick={() => onOperation(operation.code, row)}
                      >
                        {operation.name}
                      </Button>
                    ))}
                </Space>
              </Card>
            </div>
          );
        })}
        {isFetchingMore && <Spin style={{ width: '100%', padding: 12 }} />}
        {!hasMore && records.length > 0 && (
          <div style={{ width: '100%', textAlign: 'center', color: '#999', padding: 12 }}>没有更多了</div>
        )}
      </div>
    </Spin>
  );
}
