import {
  MARKET_MESSAGES,
  MARKET_NODE_OF,
  MARKET_SYSTEM_CODING,
  type MarketPart,
  type NativeValue,
} from '@ks/contract';
import { sql } from 'drizzle-orm';
import { refuse } from '../../engine/lifecycle.ts';
import type { EngineModule } from '../../engine/modules.ts';
import { rowsOf, tableRef } from '../../engine/node-tables.ts';
import { MARKET_FIELD, MARKET_SYSTEM } from './system.ts';

/**
 * The market module on the engine's seams (decision 0051): it provides the 企业信息 system and
 * checks what its nodes save — an enterprise keeps one basic-information record, certificates
 * expire after they are issued and projects finish after they start.
 */

const PART_OF_NODE = new Map<string, MarketPart>(
  (Object.entries(MARKET_NODE_OF) as [MarketPart, string][]).map(([part, gn]) => [gn, part]),
);

const text = (value: NativeValue | undefined) => (typeof value === 'string' ? value : '');

export const MARKET_MODULE: EngineModule = {
  name: 'market',
  register({ events, systems }) {
    systems.provide(MARKET_SYSTEM);
    events.register(
      { systemCodings: [MARKET_SYSTEM_CODING] },
      {
        beforeSave: async (event) => {
          const part = PART_OF_NODE.get(event.node.gnCoding);
          if (!part) return;
          const { values } = event;
          const issued = text(values[MARKET_FIELD.issueDate]);
          const expires = text(values[MARKET_FIELD.expiryDate]);
          if (issued && expires && expires < issued)
            refuse(MARKET_MESSAGES.expiryBeforeIssue, MARKET_FIELD.expiryDate);
          const started = text(values[MARKET_FIELD.startDate]);
          const finished = text(values[MARKET_FIELD.finishDate]);
          if (started && finished && finished < started)
            refuse(MARKET_MESSAGES.finishBeforeStart, MARKET_FIELD.finishDate);
          if (part === 'basic' && !event.recordId) {
            const result = await event.tx.execute(
              sql`select 1 from ${tableRef(event.node.tableName)}
                where owner_user_id = ${event.user.id}::uuid and deleted_at is null limit 1`,
            );
            if (rowsOf(result).length > 0) refuse(MARKET_MESSAGES.basicExists);
          }
        },
      },
    );
  },
};
