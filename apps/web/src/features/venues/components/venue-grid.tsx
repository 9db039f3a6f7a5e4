import {
  VENUE_CELL_STATE_LABELS,
  VENUE_CELL_STATES,
  VENUE_HALF_LABELS,
  type VenueAvailability,
  type VenueCell,
  type VenueCellState,
} from '@ks/contract/venues';
import { Button, Space, Tag } from 'antd';
import { EmptyMessage } from '@/components/empty-state.tsx';

const COLOURS: Record<VenueCellState, { background: string; color: string }> = {
  available: { background: '#e8f7ee', color: '#1d7a46' },
  booked: { background: '#fff1e0', color: '#ad5b00' },
  locked: { background: '#ececec', color: '#555' },
};

/** Days from a YYYY-MM-DD day on the calendar (UTC arithmetic: no time zone shifts a date). */
export const addDays = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** Today in China, for the first week shown; what may be booked is the server's to say. */
export const chinaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const dayTitle = (day: string) => `${day.slice(5)} 周${WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]}`;

export function VenueLegend() {
  return (
    <Space aria-label="图例">
      {VENUE_CELL_STATES.map((state) => (
        <Tag key={state} style={{ ...COLOURS[state], borderColor: COLOURS[state].color }}>
          {VENUE_CELL_STATE_LABELS[state]}
        </Tag>
      ))}
    </Space>
  );
}

/** The week switcher above a grid: previous, this week, next. */
export function WeekSwitcher({ from, onChange }: { from: string; onChange: (from: string) => void }) {
  return (
    <Space>
      <Button onClick={() => onChange(addDays(from, -7))}>上一周</Button>
      <Button onClick={() => onChange(chinaToday())}>本周</Button>
      <Button onClick={() => onChange(addDays(from, 7))}>下一周</Button>
      <span>
        {from} 至 {addDays(from, 6)}
      </span>
    </Space>
  );
}

/**
 * Rooms × days × half-days, each cell coloured by its state. `onCell` makes the cells it accepts
 * buttons (booking a free cell, locking or unlocking one); without it the grid only shows.
 */
export function VenueGrid({
  availability,
  onCell,
}: {
  availability: VenueAvailability;
  onCell?: (cell: VenueCell) => void;
}) {
  const { rooms, days, cells } = availability;
  if (rooms.length === 0) return <EmptyMessage text="暂无可预约的场地" />;
  const byKey = new Map(cells.map((cell) => [`${cell.roomId}/${cell.day}/${cell.half}`, cell]));
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className="venue-grid" style={{ borderCollapse: 'collapse', minWidth: '100%' }}>
        <thead>
          <tr>
            <th rowSpan={2} style={{ padding: 6, border: '1px solid #e5e5e5' }}>
              场地
            </th>
            {days.map((day) => (
              <th key={day} colSpan={2} style={{ padding: 6, border: '1px solid #e5e5e5' }}>
                {dayTitle(day)}
              </th>
            ))}
          </tr>
          <tr>
            {days.flatMap((day) =>
              (['am', 'pm'] as const).map((half) => (
                <th
                  key={`${day}/${half}`}
                  style={{ padding: 4, border: '1px solid #e5e5e5', fontWeight: 'normal' }}
                >
                  {VENUE_HALF_LABELS[half]}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {rooms.map((room) => (
            <tr key={room.id}>
              <th
                scope="row"
                style={{ padding: 6, border: '1px solid #e5e5e5', textAlign: 'left', whiteSpace: 'nowrap' }}
              >
                <div>{room.name}</div>
                <div style={{ fontWeight: 'normal', fontSize: 12, color: '#888' }}>
                  {room.kind} · {room.capacity}人{room.location ? ` · ${room.location}` : ''}
                </div>
              </th>
              {days.flatMap((day) =>
                (['am', 'pm'] as const).map((half) => {
                  const cell = byKey.get(`${room.id}/${day}/${half}`) ?? {
                    roomId: room.id,
                    day,
                    half,
                    state: 'available',
                  };
                  const label = `${room.name} ${day} ${VENUE_HALF_LABELS[half]} ${VENUE_CELL_STATE_LABELS[cell.state]}`;
                  const style = {
                    ...COLOURS[cell.state],
                    padding: 4,
                    border: '1px solid #e5e5e5',
                    textAlign: 'center' as const,
                  };
                  return (
                    <td key={`${day}/${half}`} style={style}>
                      {onCell ? (
                        <button
                          type="button"
                          aria-label={label}
                          onClick={() => onCell(cell)}
                          style={{ all: 'unset', cursor: 'pointer', display: 'block', width: '100%' }}
                        >
                          {VENUE_CELL_STATE_LABELS[cell.state]}
                        </button>
                      ) : (
                        <span title={label}>{VENUE_CELL_STATE_LABELS[cell.state]}</span>
                      )}
                    </td>
                  );
                }),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
