import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';

/**
 * The change-description document (变更说明) a requester downloads, fills in, signs and uploads
 * with the change: a real Word document generated here, with the
 * node's title when the call names one.
 */

const border = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const borders = { top: border, bottom: border, left: border, right: border };

function row(label: string, height = 600): TableRow {
  return new TableRow({
    height: { value: height, rule: 'atLeast' },
    children: [
      new TableCell({
        borders,
        width: { size: 25, type: WidthType.PERCENTAGE },
        children: [new Paragraph({ children: [new TextRun({ text: label, bold: true })] })],
      }),
      new TableCell({
        borders,
        width: { size: 75, type: WidthType.PERCENTAGE },
        children: [new Paragraph('')],
      }),
    ],
  });
}

export async function changeDescriptionDocx(nodeTitle: string): Promise<Buffer> {
  const title = nodeTitle ? `${nodeTitle}变更说明` : '信息变更说明';
  const document = new Document({
    creator: 'KS Platform',
    title,
    styles: { default: { document: { run: { font: 'SimSun', size: 24 } } } },
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.HEADING_1, alignment: AlignmentType.CENTER }),
          new Paragraph({
            spacing: { after: 200 },
            children: [
              new TextRun('本人（单位）申请对已审核通过的以下信息进行变更，并对所提交材料的真实性负责。'),
            ],
          }),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              row('申请单位（人）'),
              row('统一社会信用代码（身份证号）'),
              row('变更类型'),
              row('变更前内容', 1400),
              row('变更后内容', 1400),
              row('变更原因', 1400),
              row('证明材料清单', 1000),
              row('联系人及电话'),
            ],
          }),
          new Paragraph({
            spacing: { before: 600 },
            alignment: AlignmentType.RIGHT,
            text: '申请单位（盖章）：',
          }),
          new Paragraph({ spacing: { before: 300 }, alignment: AlignmentType.RIGHT, text: '年    月    日' }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
