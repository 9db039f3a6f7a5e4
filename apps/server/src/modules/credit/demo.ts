import {
  CREDIT_NODE_OF,
  CREDIT_PENALTY_ANNEX,
  CREDIT_SYSTEM_CODING,
  type CreditClass,
  type WireRecord,
} from '@ks/contract';
import type { DemoSeed } from '../../engine/demo.ts';
import { addMonths, chinaDay } from './score.ts';
import { CreditService } from './service.ts';

/**
 * The demo enterprise's credit file: items of every class (one long expired) saved by the
 * enterprise and passed by the administrator through the records and workflow services, so the
 * credit module's handlers compute its score, grade and history as they would for anyone; and the
 * enterprise's signature of the commitment letter. The 信用信息 system is the credit module's own
 * (seed.ts builds it before the demo).
 */

type DemoCreditItem = { creditClass: CreditClass; values: WireRecord; penalty?: boolean };

/** Dates relative to the seed's day, so the windows read the same whenever the demo starts. */
function demoItems(today: string): DemoCreditItem[] {
  const monthsAgo = (months: number) => addMonths(today, -months);
  return [
    {
      creditClass: 'basic',
      values: {
        item_type: 'SG-B01',
        score: 8,
        start_time: monthsAgo(30),
        description: '建筑工程施工总承包二级资质',
      },
    },
    {
      creditClass: 'basic',
      values: {
        item_type: 'SG-B02',
        score: 5,
        start_time: monthsAgo(20),
        description: '安全生产许可证在有效期内',
      },
    },
    {
      creditClass: 'good',
      values: {
        item_type: 'SG-G03',
        score: 4,
        start_time: monthsAgo(10),
        description: '承建的市民中心项目获省优质工程奖',
      },
    },
    {
      creditClass: 'good',
      values: {
        item_type: 'SG-G02',
        score: 3,
        start_time: monthsAgo(5),
        description: '获市级建筑业先进企业表彰',
      },
    },
    // Published four years ago with a three-year window: shown in the file, no longer counted.
    {
      creditClass: 'good',
      values: {
        item_type: 'SG-G01',
        score: 5,
        start_time: monthsAgo(48),
        end_time: monthsAgo(12),
        description: '获省级文明工地表彰（已过公示期）',
      },
    },
    {
      creditClass: 'bad',
      penalty: true,
      values: {
        item_type: 'SG-D03',
        score: 2,
        severity: 'C',
        start_time: monthsAgo(2),
        description: '未按时报送项目安全生产资料（简易程序）',
      },
    },
  ];
}

export async function seedDemoCredit({ db, records, actors, ip }: DemoSeed): Promise<void> {
  for (const item of demoItems(chinaDay(new Date()))) {
    const ref = { systemCoding: CREDIT_SYSTEM_CODING, gnCoding: CREDIT_NODE_OF[item.creditClass] };
    const saved = await records.save(actors.enterprise, { ...ref, values: item.values });
    if (item.penalty)
      await records.attach(actors.enterprise, { ...ref, id: saved.id }, [
        {
          annexNo: CREDIT_PENALTY_ANNEX,
          asset: 'demo-penalty-decision.pdf',
          fileName: '行政处罚决定书（演示）.pdf',
        },
      ]);
    await records.submit(actors.enterprise, { ...ref, id: saved.id, version: saved.version });
    await records.audit(actors.admin, { ...ref, id: saved.id, result: 'pass', advice: '经核实，同意公示' });
  }
  const credit = new CreditService(db);
  const letter = await credit.letter(actors.enterprise);
  await credit.sign(
    actors.enterprise,
    { templateVersion: letter.templateVersion, sha256: letter.sha256 },
    ip,
  );
}
