import { makeUserId } from '@/test/factories.ts';
import { type MockHandler, ok } from '@/test/fetch-mock.ts';

/** The one registered enterprise the bidder select's tests search for, and how its option reads. */
export const ENTERPRISE_B = {
  userId: makeUserId(),
  enterpriseName: '乙建设有限公司',
  creditCode: '91330000MA2B000001',
  qyType: '施工企业',
  status: 'active',
};
export const ENTERPRISE_B_OPTION = `${ENTERPRISE_B.enterpriseName}（${ENTERPRISE_B.creditCode}）`;

/**
 * Answers for an upload dialog with BidderFields: GET /ks/basic/enterprises (the keywords searched
 * are pushed to `keywords`) and the annex upload (stored id `id-<file name>`).
 */
export function bidderDialogRoutes(
  keywords: (string | null)[],
  fileType: string,
): Record<string, MockHandler> {
  return {
    'GET /ks/basic/enterprises': ({ url }) => {
      keywords.push(url.searchParams.get('keyword'));
      return ok({ records: [ENTERPRISE_B], total: 1, curPage: 1, pageSize: 20 });
    },
    'POST /ks/common/common/upload/annex': ({ body }) => {
      const name = ((body as FormData).get('file') as File).name;
      return ok({
        url: '',
        host: '',
        fileId: `id-${name}`,
        fileName: name,
        fileType,
        fileSize: 1,
        fileNo: '',
      });
    },
  };
}
