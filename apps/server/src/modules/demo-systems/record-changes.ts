import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { CHANGE_UPLOAD_EXTENSIONS, UPLOAD_MESSAGES } from '@ks/contract';
import { sql } from 'drizzle-orm';
import { rowsOf, tableRef } from '../../engine/node-tables.ts';
import { resolveNode } from '../../engine/record-store.ts';
import { DEMO_ASSETS_DIR } from '../../paths.ts';
import type { SessionUser } from '../../platform/access.ts';
import { RecordChangeService } from '../record-changes/service.ts';
import { MATERIAL_SYSTEM_CODING, PRICE_NODE } from './material-prices.ts';

import type { DemoServices } from './services.ts';

/**
 * Change requests on the demo enterprise's approved material prices (the node allows changes after
 * approval), made through the change service as the enterprise and the reviewer would: one passed,
 * one rejected and then resubmitted (pending in its second round), one saved and not yet submitted.
 */
export async function seedDemoRecordChanges(
  { db, files, engine, notices }: DemoServices,
  actors: { enterprise: SessionUser; reviewer: SessionUser },
  ip: string,
): Promise<void> {
  const changes = new RecordChangeService(db, engine.events, notices);
  const ref = { systemCoding: MATERIAL_SYSTEM_CODING, gnCoding: PRICE_NODE };
  const node = await resolveNode(db, ref.systemCoding, ref.gnCoding);
  const result = await db.execute(sql`
    select id::text as id from ${tableRef(node.tableName)}
    where owner_user_id = ${actors.enterprise.id}::uuid and status = 'approved' and deleted_at is null
      and material_name = '螺纹钢'
    order by price_date limit 3`);
  const approved = rowsOf<{ id: string }>(result);
  if (approved.length < 3) throw new Error('the demo change requests need the three approved rebar prices');
  const meta = { ip };

  const evidence = async (fileName: string) => {
    const limitBytes = 10 * 1024 * 1024;
    const stored = await files.storeChecked({
      body: createReadStream(join(DEMO_ASSETS_DIR, 'demo-price-enquiry.pdf')),
      fileName,
      owner: actors.enterprise,
      formats: [...CHANGE_UPLOAD_EXTENSIONS],
      formatMessage: UPLOAD_MESSAGES.format([...CHANGE_UPLOAD_EXTENSIONS]),
      visibility: 'owner',
      isTruncated: () => false,
      limitBytes,
      maxBytes: limitBytes,
      maxMessage: UPLOAD_MESSAGES.size(10),
      log: { action: '上传附件', targetName: (file) => `变更附件/${file.fileName}`, ip },
    });
    return { fileId: stored.id, url: '', annexName: fileName };
  };
  const PRICE = { type: '价格信息/含税价格（元）', code: '2/tax_price', field: 'tax_price' };
  const REMARK = { type: '调价说明/备注', code: '3/remark', field: 'remark' };
  const changeOf = async (businessId: string, kind: typeof PRICE, value: string, logbook: string) => ({
    ...ref,
    businessId,
    changeType: kind.type,
    changeTypeCode: kind.code,
    logbook,
    dataList: [{ changeField: kind.field, newValue: value }],
    fileList: [await evidence('变更说明.pdf')],
    // The demo enterprise's passed contact person (market.ts).
    contact: { ry_name: '刘晓燕', tel: '13951712345' },
  });
  const submitted = async (businessId: string, kind: typeof PRICE, value: string, logbook: string) => {
    const saved = await changes.save(
      actors.enterprise,
      await changeOf(businessId, kind, value, logbook),
      meta,
    );
    return changes.submit(actors.enterprise, { ...ref, ...saved, confirmed: true }, meta);
  };

  const [first, second, third] = approved as [
    (typeof approved)[0],
    (typeof approved)[0],
    (typeof approved)[0],
  ];
  // Passed: the new remark is on the record, with a revision.
  const passed = await submitted(second.id, REMARK, '价格含运费，已按询价单核实', '补充价格口径说明');
  await changes.review(
    actors.reviewer,
    { ...ref, ...passed, pass: true, auditRecord: '询价单与更正价格一致，同意变更' },
    meta,
  );
  // Rejected in its first round, resubmitted: pending in the second.
  const rejected = await submitted(first.id, PRICE, '3600', '录入错误，更正含税价格');
  await changes.review(
    actors.reviewer,
    { ...ref, ...rejected, pass: false, auditRecord: '未提供更正后价格的询价单，请补充后重新申请' },
    meta,
  );
  await submitted(first.id, PRICE, '3620', '补充询价单后重新申请更正含税价格');
  // Saved, not yet submitted.
  await changes.save(
    actors.enterprise,
    await changeOf(third.id, PRICE, '3660', '核对发票后拟更正含税价格'),
    meta,
  );
}
