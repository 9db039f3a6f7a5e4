import type { Certificate } from '@ks/contract/market';
import { makeRecordId } from '@/test/factories.ts';

/** The further certificate's id: the one a change of it sends back. */
export const FURTHER_CERTIFICATE_ID = makeRecordId();

/** 王建华's certificates as the lists answer them: the principal first, then a further one. */
export const TWO_CERTIFICATES: Certificate[] = [
  {
    id: null,
    registrationType: '一级注册建造师',
    specialty: '建筑工程',
    certificateNo: '苏1322012201600101',
    region: '江苏省',
    issueDate: '',
    expiryDate: '2028-06-30',
    version: 3,
  },
  {
    id: FURTHER_CERTIFICATE_ID,
    registrationType: '一级注册建造师',
    specialty: '市政公用工程',
    certificateNo: '苏1322012201600102',
    region: '江苏省',
    issueDate: '2023-07-01',
    expiryDate: '2028-06-30',
    version: 1,
  },
];
