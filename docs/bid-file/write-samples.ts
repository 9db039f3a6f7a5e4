/**
 * Writes the sample bid documents (PDF) into apps/server/src/modules/demo-systems/assets/ from the
 * module's sample model (`node --import tsx docs/bid-file/write-samples.ts` at the repository
 * root). Needs pdfkit (a devDependency of @ks/server) and Debian's fonts-noto-cjk.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_BIDS, SCANNED_SAMPLE } from '../../apps/server/src/modules/bid-detection/sample-bids.ts';
import { scannedPdf, textPdf } from '../../apps/server/test/bid-pdf-fixtures.ts';

const dir = join(import.meta.dirname, '../../apps/server/src/modules/demo-systems/assets');
for (const bid of DEMO_BIDS) writeFileSync(join(dir, bid.asset), await textPdf(bid.pages));
writeFileSync(join(dir, SCANNED_SAMPLE), await scannedPdf());
