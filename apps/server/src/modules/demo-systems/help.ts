import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { HelpQa } from '@ks/contract';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { DEMO_ASSETS_DIR } from '../../paths.ts';
import type { SessionUser } from '../../platform/access.ts';
import type { FileService } from '../../platform/file-store.ts';
import { HelpService, type Upload } from '../help/service.ts';
import { MATERIAL_SYSTEM_CODING, PRICE_NODE } from './material-prices.ts';

/** The platform-wide scope: what the help panel shows on every page without help of its own. */
const PLATFORM = { systemCoding: '', gnCoding: '' };
const PRICE_SCOPE = { systemCoding: MATERIAL_SYSTEM_CODING, gnCoding: PRICE_NODE };

export const DEMO_HELP_GUIDE_GROUP = '平台使用指南（演示）';
export const DEMO_HELP_PDF = 'KS平台演示使用说明.pdf';
export const DEMO_HELP_VIDEO = 'KS平台演示视频.webm';

/** Common questions a newcomer asks, grouped as administrators would keep them. */
export const DEMO_FAQ: { groupName: string; qaList: HelpQa[] }[] = [
  {
    groupName: '账号与登录（演示）',
    qaList: [
      {
        question: '忘记密码怎么办？',
        answer:
          '在登录页点击“忘记密码”，用注册手机号接收验证码后设置新密码。本地演示环境的短信记录在管理员可查看的发件箱中。',
      },
      {
        question: '为什么提示账号已锁定？',
        answer: '连续输错密码5次后账号锁定15分钟，期满自动解锁；也可以联系管理员处理。',
      },
      {
        question: '页面提示“登录已在别处”是什么意思？',
        answer:
          '单点登录模式下，同一账号在其他地方登录、修改密码或被管理员下线后，本页面的会话随之结束，请重新登录。',
      },
    ],
  },
  {
    groupName: '材料价格填报（演示）',
    qaList: [
      {
        question: '材料价格提交后由谁审核？',
        answer: '先由演示审核员初审，再由“材料价格复核组（演示）”任一成员复核；两级通过后价格生效。',
      },
      {
        question: '被退回的价格如何重新提交？',
        answer: '在列表中打开被退回的记录，按审核意见修改并补充附件后，保存并再次提交。',
      },
      {
        question: '需要上传哪些附件？',
        answer: '“询价记录”为必传附件，支持PDF或图片，单个文件不超过10MB；“厂家报价单”可选。',
      },
    ],
  },
];

/** A stored asset as the help service takes an upload. */
function assetUpload(assetName: string, fileName: string): Upload {
  return { fileName, body: createReadStream(join(DEMO_ASSETS_DIR, assetName)), isTruncated: () => false };
}

const PRICE_COLUMNS = [
  '材料分组',
  '材料名称',
  '规格型号',
  '计量单位',
  '城市',
  '价格期次',
  '采价日期',
  '含税价格（元）',
  '税率（%）',
  '价格来源',
];

/** The import sheet of 材料价格: the template is its header row; the example adds two filled rows. */
async function priceWorkbook(withRows: boolean): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('材料价格');
  sheet.addRow(PRICE_COLUMNS).font = { bold: true };
  if (withRows) {
    sheet.addRow([
      '钢材',
      '螺纹钢',
      'HRB400E Φ18',
      '吨',
      '江苏省/南京市',
      '2026年11月',
      '2026-11-18',
      3680,
      13,
      '市场调查;厂家报价',
    ]);
    sheet.addRow([
      '水泥',
      '普通硅酸盐水泥',
      'P.O 42.5 散装',
      '吨',
      '江苏省/苏州市',
      '2026年11月',
      '2026-11-16',
      420,
      13,
      '市场调查',
    ]);
  }
  sheet.columns.forEach((column) => {
    column.width = 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const bufferUpload = (fileName: string, bytes: Buffer): Upload => ({
  fileName,
  body: Readable.from([bytes]),
  isTruncated: () => false,
});

/**
 * The help a fresh start ships: a platform guide group with a real PDF and a short real video,
 * common questions with answers, and the material price node's example and import template —
 * made through the help service as the administrator would, so the files are stored, checked by
 * their first bytes and logged like any upload.
 */
export async function seedDemoHelp(db: Db, files: FileService, admin: SessionUser, ip: string) {
  const help = new HelpService(db, files, Number.MAX_SAFE_INTEGER);
  const guide = await help.createGroup(
    admin,
    { ...PLATFORM, kind: 'guide', parentId: null, groupName: DEMO_HELP_GUIDE_GROUP },
    ip,
  );
  await help.uploadFile(admin, guide.id, assetUpload('demo-user-guide.pdf', DEMO_HELP_PDF), ip);
  await help.uploadFile(admin, guide.id, assetUpload('demo-video.webm', DEMO_HELP_VIDEO), ip);

  for (const faq of DEMO_FAQ) {
    const group = await help.createGroup(
      admin,
      { ...PLATFORM, kind: 'faq', parentId: null, groupName: faq.groupName },
      ip,
    );
    await help.updateGroup(
      admin,
      group.id,
      { groupName: faq.groupName, qaList: faq.qaList, version: group.version },
      ip,
    );
  }

  const template = await help.uploadTemplate(
    admin,
    { ...PRICE_SCOPE, slot: 'template' },
    0,
    bufferUpload('材料价格导入模板.xlsx', await priceWorkbook(false)),
    ip,
  );
  await help.uploadTemplate(
    admin,
    { ...PRICE_SCOPE, slot: 'example' },
    template.version,
    bufferUpload('材料价格填报示例.xlsx', await priceWorkbook(true)),
    ip,
  );
}
