import {
  MARKET_ANNEX,
  MARKET_NODE_OF,
  MARKET_SYSTEM_CODING,
  type MarketPart,
  type WireRecord,
} from '@ks/contract';
import type { DemoSeed } from '../../engine/demo.ts';

/**
 * The demo enterprise's information: its basic information, two qualifications (one passed, one
 * under review), its safety licence, a registered person, a branch, a contact person and a
 * project, saved by the enterprise and passed by the administrator through the records and
 * workflow services (DemoSeed.records). The 企业信息 system is the market module's own (seed.ts builds it first).
 */

type DemoItem = {
  part: MarketPart;
  values: WireRecord;
  annexNo?: string;
  fileName?: string;
  state: 'submitted' | 'approved';
};

export const DEMO_MARKET_ITEMS: readonly DemoItem[] = [
  {
    part: 'basic',
    state: 'approved',
    annexNo: MARKET_ANNEX.licence,
    fileName: '营业执照副本（演示）.pdf',
    values: {
      enterprise_name: 'KS演示建设集团有限公司（演示数据）',
      credit_code: '91320100MA1K520269',
      qy_type: '施工企业',
      legal_person: '陈志强',
      registered_capital: 20000,
      established_date: '2008-04-16',
      address: '南京市建邺区江东中路188号',
      business_scope: '房屋建筑工程、市政公用工程施工总承包；建筑装修装饰工程专业承包',
    },
  },
  {
    part: 'qualification',
    state: 'approved',
    annexNo: MARKET_ANNEX.qualification,
    fileName: '建筑工程施工总承包二级资质证书（演示）.pdf',
    values: {
      qualification_name: '建筑工程施工总承包',
      qualification_level: '二级',
      certificate_no: 'D232026001',
      issuing_authority: '江苏省住房和城乡建设厅',
      issue_date: '2023-03-01',
      expiry_date: '2028-02-28',
    },
  },
  {
    part: 'qualification',
    state: 'submitted',
    annexNo: MARKET_ANNEX.qualification,
    fileName: '市政公用工程施工总承包三级资质证书（演示）.pdf',
    values: {
      qualification_name: '市政公用工程施工总承包',
      qualification_level: '三级',
      certificate_no: 'D332026017',
      issuing_authority: '南京市城乡建设委员会',
      issue_date: '2025-09-10',
      expiry_date: '2030-09-09',
    },
  },
  {
    part: 'safety',
    state: 'approved',
    annexNo: MARKET_ANNEX.safety,
    fileName: '安全生产许可证（演示）.pdf',
    values: {
      licence_no: '（苏）JZ安许证字〔2024〕010001',
      permitted_scope: '建筑施工',
      issuing_authority: '江苏省住房和城乡建设厅',
      issue_date: '2024-01-15',
      expiry_date: '2027-01-14',
    },
  },
  {
    part: 'personnel',
    state: 'approved',
    annexNo: MARKET_ANNEX.personnel,
    fileName: '一级注册建造师注册证书（演示）.pdf',
    values: {
      person_name: '王建华',
      // A made-up number that passes the GB 11643 check.
      id_number: '320106198503122013',
      registration_type: '一级注册建造师',
      specialty: '建筑工程',
      certificate_no: '苏1322012201600101',
      registered_region: '江苏省',
      expiry_date: '2028-06-30',
    },
  },
  {
    part: 'branch',
    state: 'approved',
    values: {
      branch_name: 'KS演示建设集团有限公司苏州分公司',
      principal: '周海峰',
      tel: '0512-68881234',
      established_date: '2016-08-01',
      address: '苏州市工业园区星湖街328号',
    },
  },
  {
    part: 'contact',
    state: 'approved',
    values: { ry_name: '刘晓燕', tel: '13951712345', position: '经营部经理', email: 'liuxy@example.com' },
  },
  {
    part: 'performance',
    state: 'approved',
    annexNo: MARKET_ANNEX.performance,
    fileName: '中标通知书及竣工验收证明（演示）.pdf',
    values: {
      project_name: '南京河西新城市民服务中心工程',
      construction_unit: '南京河西新城建设发展有限公司',
      contract_amount: 8650,
      start_date: '2022-05-10',
      finish_date: '2024-06-28',
      project_scale: '地上12层、地下2层，总建筑面积约4.6万平方米',
    },
  },
];

export async function seedDemoMarket({ records, actors }: DemoSeed): Promise<void> {
  for (const item of DEMO_MARKET_ITEMS) {
    const ref = { systemCoding: MARKET_SYSTEM_CODING, gnCoding: MARKET_NODE_OF[item.part] };
    const saved = await records.save(actors.enterprise, { ...ref, values: item.values });
    if (item.annexNo && item.fileName)
      await records.attach(actors.enterprise, { ...ref, id: saved.id }, [
        { annexNo: item.annexNo, asset: 'demo-enterprise-certificate.pdf', fileName: item.fileName },
      ]);
    await records.submit(actors.enterprise, { ...ref, id: saved.id, version: saved.version });
    if (item.state === 'approved')
      await records.audit(actors.admin, { ...ref, id: saved.id, result: 'pass', advice: '经核实，同意' });
  }
}
