import { type CheckRun, FINDING_SEVERITY_LABELS, type Finding } from '@ks/contract';
import ExcelJS from 'exceljs';

const KIND_LABELS: Record<string, string> = {
  'control-price': '招标控制价',
  bid: '投标报价',
  'tender-boq': '招标工程量清单',
};

/** The findings as one sheet, the rule version in the header rows. */
export async function findingsWorkbook(projectName: string, run: CheckRun | null, findings: Finding[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('检测结果');
  sheet.addRow([`${projectName} 造价文件检测结果`]);
  sheet.addRow([
    run
      ? `检测时间：${run.finishedAt ?? run.createdAt}　规则版本：${run.ruleVersion ?? '-'}`
      : '该项目尚未完成检测',
  ]);
  const header = sheet.addRow([
    '规则',
    '规则名称',
    '级别',
    '文件',
    '投标人',
    '节点',
    '项目编码',
    '问题',
    '应为',
    '实为',
  ]);
  header.font = { bold: true };
  for (const f of findings) {
    sheet.addRow([
      f.rule,
      f.ruleTitle,
      FINDING_SEVERITY_LABELS[f.severity],
      KIND_LABELS[f.fileKind] ?? f.fileKind,
      f.bidderName,
      f.nodeName ?? '',
      f.itemCode ?? '',
      f.message,
      f.expected ?? '',
      f.found ?? '',
    ]);
  }
  sheet.columns.forEach((column, index) => {
    column.width = [6, 18, 10, 12, 20, 24, 16, 60, 18, 18][index] ?? 12;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
