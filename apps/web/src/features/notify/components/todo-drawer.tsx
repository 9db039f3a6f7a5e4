import { Drawer, Empty, List, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { TODO_PAGE_SIZE } from '@/lib/constants.ts';
import { formatTime } from '@/lib/format-time.ts';
import { detailPath } from '@/shared/record-paths.ts';
import { useTodoSystems } from '../api/find-todo-systems.ts';
import { useTodos } from '../api/find-todos.ts';

/**
 * The to-do message drawer: per-system counts, then that system's to-dos, six to a page. A to-do
 * about a node record opens the record's detail page (where its reviewer audits it).
 */
export function TodoDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: systems = [] } = useTodoSystems(open);
  const [picked, setPicked] = useState<string | null>(null);
  const [curPage, setCurPage] = useState(1);
  const systemCoding = picked ?? systems[0]?.systemCoding ?? '';
  const { data, isFetching } = useTodos(
    { systemCoding, curPage, pageSize: TODO_PAGE_SIZE },
    open && systems.length > 0,
  );
  return (
    <Drawer title="待办事项" open={open} onClose={onClose} size={420}>
      {systems.length === 0 ? (
        <Empty description="暂无待办" />
      ) : (
        <>
          <Segmented
            block
            value={systemCoding}
            options={systems.map((system) => ({
              value: system.systemCoding,
              label: `${system.systemName}（${system.todoCount}）`,
            }))}
            onChange={(value) => {
              setPicked(String(value));
              setCurPage(1);
            }}
          />
          <List
            loading={isFetching}
            dataSource={data?.records ?? []}
            rowKey="id"
            locale={{ emptyText: <Empty description="暂无待办" /> }}
            pagination={{
              current: curPage,
              pageSize: TODO_PAGE_SIZE,
              total: data?.total ?? 0,
              size: 'small',
              hideOnSinglePage: true,
              onChange: setCurPage,
            }}
            renderItem={(todo) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    todo.gnCoding && todo.businessId ? (
                      <Link
                        to={detailPath(
                          { systemCoding: todo.systemCoding, gnCoding: todo.gnCoding },
                          todo.businessId,
                        )}
                        onClick={onClose}
                      >
                        {todo.businessName}
                      </Link>
                    ) : (
                      todo.businessName
                    )
                  }
                  description={
                    <Typography.Text type="secondary">
                      {todo.gnName} · 申报人：{todo.userName} · {formatTime(todo.sbTime)}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Drawer>
  );
}
