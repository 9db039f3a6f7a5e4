/**
 * Writes the sample cost files of docs/cost-file/samples from the module's sample model
 * (`node --import tsx docs/cost-file/write-samples.ts` at the repository root). The GBK copy of
 * the province sample is encoded with iconv(1).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  writeKsCostXml,
  writeProvinceXml,
} from '../../apps/server/src/modules/file-analysis/cost-xml-writer.ts';
import { sampleFiles } from '../../apps/server/src/modules/file-analysis/sample-model.ts';

const dir = join(import.meta.dirname, 'samples');
for (const sample of sampleFiles()) {
  const text =
    sample.layout === 'ks-cost-xml-1'
      ? [...writeKsCostXml(sample.model)]
      : [...writeProvinceXml(sample.model)];
  writeFileSync(join(dir, sample.fileName), text.join(''));
  if (sample.layout === 'province-cn-1') {
    const gbk = execFileSync('iconv', ['-f', 'UTF-8', '-t', 'GBK'], {
      input: [...writeProvinceXml(sample.model, 'GBK')].join(''),
    });
    writeFileSync(join(dir, sample.fileName.replace('.xml', '-gbk.xml')), gbk);
  }
}
