import { UPLOAD_MESSAGES, type UploadedFile } from '@ks/contract/files';
import { App, Button, Checkbox, Form, Input, Modal, Radio, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { TABLE_PAGE_SIZE_DEFAULT, TABLE_PAGE_SIZES } from '@/lib/constants.ts';
import { useFilePreview } from '@/shared/files/use-file-preview.tsx';
import { useRecords } from '../api/find-records.ts';
import type { NodeRef, RecordRow } from '../api/types.ts';
import { useThrottle } from '../lib/use-throttle.ts';
import { cellValue, textOf } from './record-cells.tsx';

export const CLEAR_ALL_QUESTION = '确定清空已选择的数据吗？';

export type QualificationPickerProps = {
  /** The node whose records are picked (e.g. a qualifications node). */
  source: NodeRef;
  open: boolean;
  /** 'multiple' (check boxes with check-all) or 'single' (a radio, e.g. for xmName). */
  mode?: 'multiple' | 'single';
  title?: string;
  /** Rows already chosen (kept as the starting selection). */
  initialSelection?: RecordRow[];
  /**
   * What makes two rows the same pick (the record id by default). A caller that only keeps a value
   * of each pick (a picker field keeps the bianma value) keys by it, so the rows it hands back as
   * initialSelection are ticked again when the list shows them.
   */
  keyOf?: (row: RecordRow) => string;
  onConfirm: (rows: RecordRow[]) => void;
  onClose: () => void;
};

const idOf = (row: RecordRow) => row.id;

const imagesOf = (rows: RecordRow[]): UploadedFile[] =>
  rows.flatMap((row) =>
    Array.isArray(row.fileList)
      ? (row.fileList as { fileName?: string; url?: string }[])
          .filter((file) => file?.fileName && file.url)
          .map((file) => ({
            url: String(file.url),
            host: '',
            fileId: '',
            fileName: String(file.fileName),
            fileType: String(file.fileName).split('.').pop()?.toLowerCase() ?? '',
            fileSize: 0,
            fileNo: '',
          }))
      : [],
  );

/**
 * The qualification picker: records of another node in a list searchable by its
 * first searchable column (no keyword box when it has none). Check-all with an indeterminate state;
 * selections persist across searches; confirm is disabled until one is chosen; clear-all asks
 * first; search and reset run at most once a second; viewing images with nothing selected warns
 * '请先选择要查看的图片'.
 */
export function QualificationPicker({
  source,
  open,
  mode = 'multiple',
  title = '选择资质',
  initialSelection = [],
  keyOf = idOf,
  onConfirm,
  onClose,
}: QualificationPickerProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ keyword: string }>();
  const [keyword, setKeyword] = useState('');
  const [curPage, setCurPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE_PAGE_SIZE_DEFAULT);
  const [selected, setSelected] = useState<Map<string, RecordRow>>(
    () => new Map(initialSelection.map((row) => [keyOf(row), row])),
  );
  const throttle = useThrottle();
  const preview = useFilePreview();

  const [searchCode, setSearchCode] = useState<string | null>(null);
  const list = useRecords(
    {
      ...source,
      curPage,
      pageSize,
      search: keyword && searchCode ? [{ code: searchCode, val: keyword }] : [],
      // Each row's files, for 查看图片.
      withFiles: true,
    },
    open,
  );
  const rows = list.data?.records ?? [];
  const columns = (list.data?.columns ?? []).filter((column) => column.show && column.type !== 'operations');
  // The keyword is looked for in the source node's first searchable column. A node without one
  // has nothing to search by: the keyword box goes, as the list page's search bar does.
  const searchable = (list.data?.columns ?? []).find((column) => column.isSearch) ?? null;
  const canSearch = !list.data || searchable !== null;

  const pageKeys = rows.map(keyOf);
  const chosenOnPage = pageKeys.filter((key) => selected.has(key)).length;
  const isAllChecked = pageKeys.length > 0 && chosenOnPage === pageKeys.length;
  const isIndeterminate = chosenOnPage > 0 && chosenOnPage < pageKeys.length;

  const toggle = (row: RecordRow, checked: boolean) =>
    setSelected((current) => {
      const next = mode === 'single' ? new Map<string, RecordRow>() : new Map(current);
      if (checked) next.set(keyOf(row), row);
      else next.delete(keyOf(row));
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (checked) next.set(keyOf(row), row);
        else next.delete(keyOf(row));
      }
      return next;
    });

  const onSearch = throttle(() => {
    setKeyword((form.getFieldValue('keyword') ?? '').trim());
    setSearchCode(searchable?.code ?? null);
    setCurPage(1);
  });
  const onReset = throttle(() => {
    form.resetFields();
    setKeyword('');
    setCurPage(1);
  });
  const onClearAll = () =>
    modal.confirm({ title: '提示', content: CLEAR_ALL_QUESTION, onOk: () => setSelected(new Map()) });
  const onViewImages = () => {
    const images = imagesOf([...selected.values()]);
    if (images.length === 0) {
      message.warning(UPLOAD_MESSAGES.noImage);
      return;
    }
    void preview.viewImages(images);
  };

  const selectionColumn = {
    key: '__pick',
    width: 48,
    title:
      mode === 'multiple' ? (
        <Checkbox
          aria-label="全选"
          checked={isAllChecked}
          indeterminate={isIndeterminate}
          onChange={(event) => toggleAll(event.target.checked)}
        />
      ) : null,
    render: (_: unknown, row: RecordRow) =>
      mode === 'multiple' ? (
        <Checkbox
          aria-label={`选择${row.businessId}`}
          checked={selected.has(keyOf(row))}
          onChange={(event) => toggle(row, event.target.checked)}
        />
      ) : (
        <Radio
          aria-label={`选择${row.businessId}`}
          checked={selected.has(keyOf(row))}
          onChange={() => toggle(row, true)}
        />
      ),
  };

  return (
    <Modal
      title={title}
      open={open}
      width={900}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <span>已选 {selected.size} 项</span>
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            disabled={selected.size === 0}
            onClick={() => onConfirm([...selected.values()])}
          >
            确定
          </Button>
        </Space>
      }
    >
      <Form form={form} name="picker-search" layout="inline" onFinish={onSearch} style={{ marginBottom: 12 }}>
        {canSearch && (
          <Form.Item name="keyword">
            <Input allowClear placeholder={searchable ? `请输入${searchable.name}` : '请输入关键字'} />
          </Form.Item>
        )}
        <Space>
          {canSearch && (
            <>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button onClick={onReset}>重置</Button>
            </>
          )}
          <Button onClick={onViewImages}>查看图片</Button>
          {mode === 'multiple' && (
            <Button danger disabled={selected.size === 0} onClick={onClearAll}>
              清空
            </Button>
          )}
        </Space>
      </Form>
      {selected.size > 0 && (
        <div style={{ marginBottom: 8 }}>
          {[...selected].map(([key, row]) => (
            <Tag key={key} closable onClose={() => toggle(row, false)}>
              {textOf(cellValue(row, columns[0]?.code ?? 'businessId')) || row.businessId}
            </Tag>
          ))}
        </div>
      )}
      <Table<RecordRow>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        columns={[
          selectionColumn,
          ...columns.map((column) => ({
            key: column.code,
            title: column.name,
            render: (_: unknown, row: RecordRow) => textOf(cellValue(row, column.code)),
          })),
        ]}
        pagination={{
          current: curPage,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: TABLE_PAGE_SIZES.map(String),
          onChange: (page, size) => {
            setCurPage(size === pageSize ? page : 1);
            setPageSize(size);
          },
        }}
      />
      {preview.element}
    </Modal>
  );
}
