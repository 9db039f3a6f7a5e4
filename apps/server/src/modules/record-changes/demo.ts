import { Readable } from 'node:stream';
import { CHANGE_TEMPLATE_MAX_BYTES } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../platform/access.ts';
import type { FileService } from '../../platform/file-store.ts';
import { changeDescriptionDocx } from './template.ts';
import { ChangeTemplateService } from './template-service.ts';

/**
 * The demo province's own change-description template (decision 0054), uploaded by the demo
 * administrator through the template service as the settings page would: requesters download it
 * from the change dialog, and the administrator can go back to the generated document.
 */
export async function seedDemoChangeTemplate(
  db: Db,
  files: FileService,
  admin: SessionUser,
  ip: string,
): Promise<void> {
  const templates = new ChangeTemplateService(db, files);
  if ((await templates.info()).templateVersion > 0) return;
  const document = await changeDescriptionDocx('本省建设工程信用信息');
  await templates.upload(
    admin,
    {
      body: Readable.from([document]),
      fileName: '信用信息变更说明（本省模板）.docx',
      isTruncated: () => false,
      limitBytes: CHANGE_TEMPLATE_MAX_BYTES,
    },
    ip,
  );
}
