import { FAIL_INFO_OK, LOG_LOAD_FAILED_MESSAGE } from '@ks/contract/oplog';
import { Alert, Button, Drawer, Empty, Skeleton, Tag, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LOG_DRAWER_WIDTH } from '@/lib/constants.ts';
import { isApiError } from '@/lib/http.ts';
import { useLogHistory } from '../api/get-log-history.ts';

/** The server's message when it answered one; '请求失败' when the call itself failed. */
const failureMessageOf = (error: unknown) =>
  isApiError(error) && error.kind === 'api' && error.message ? error.message : LOG_LOAD_FAILED_MESSAGE;

export type OperationLogTarget = { gnCoding: string; id: string };

/**
 * 操作日志 drawer (width 300) of one record; record pages open it with {gnCoding, id}.
 * A failed load shows the server's message, or '请求失败'.
 */
export function OperationLogDrawer({
  target,
  open,
  onClose,
}: {
  target: OperationLogTarget;
  open: boolean;
  onClose: () => void;
}) {
  const { data, error, isPending } = useLogHistory(target, open);
  return (
    <Drawer title="操作日志" open={open} onClose={onClose} size={LOG_DRAWER_WIDTH} destroyOnHidden>
      {error ? (
        <Alert type="error" showIcon title={failureMessageOf(error)} />
      ) : isPending ? (
        <Skeleton active />
      ) : data.length === 0 ? (
        <Empty description="暂无操作日志" />
      ) : (
        <Timeline
          items={[...data].reverse().map((entry, index) => ({
            key: `${entry.czTime}-${index}`,
            color: entry.failInfo === FAIL_INFO_OK ? 'green' : 'red',
            children: (
              <div className="ks-oplog-entry">
                <div>
                  <strong>{entry.logbook}</strong>{' '}
                  {entry.failInfo === FAIL_INFO_OK ? (
                    <Tag color="success">通过</Tag>
                  ) : (
                    <Tag color="error">{entry.failInfo}</Tag>
                  )}
                </div>
                <div>关联：{entry.glName}</div>
                <div>
                  操作人：{entry.czrName || '—'}
                  {entry.czrClassification ? `（${entry.czrClassification}）` : ''}
                </div>
                <div className="ks-oplog-time">{dayjs(entry.czTime).format('YYYY-MM-DD HH:mm:ss')}</div>
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}

/** A '操作日志' button that opens the drawer of one target. */
export function OperationLogButton({
  target,
  label = '操作日志',
}: {
  target: OperationLogTarget;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      <OperationLogDrawer target={target} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
