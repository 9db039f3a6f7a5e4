import { ScheduleOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { TODO_BADGE_MAX } from '@/lib/constants.ts';
import { useTodoCount } from '../api/get-todo-count.ts';
import { TodoDrawer } from './todo-drawer.tsx';

/** The to-do badge (shown up to 99) and its drawer. */
export function TodoBadge() {
  const { data: count = 0 } = useTodoCount();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Tooltip title="待办事项">
        <Badge count={count} overflowCount={TODO_BADGE_MAX} size="small">
          <Button
            type="text"
            aria-label="待办事项"
            icon={<ScheduleOutlined />}
            onClick={() => setIsOpen(true)}
          />
        </Badge>
      </Tooltip>
      <TodoDrawer open={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}
