import {
  idNumberCheckCharacter,
  MARKET_NODE_OF,
  MARKET_PATHS,
  MARKET_SYSTEM_CODING,
  type MarketPart,
} from '@ks/contract';
import { expect } from 'vitest';
import { multipart, PDF } from './file-fixtures.ts';
import type { TestActor, TestApp } from './helper.ts';

/** The node reference of a part of the 企业信息 system. */
export const marketRef = (part: MarketPart) => ({
  systemCoding: MARKET_SYSTEM_CODING,
  gnCoding: MARKET_NODE_OF[part],
});

/** A valid (GB 11643) ID number: a fixed birth date, the sequence, its check character. */
export const testIdNumber = (sequence: string) => {
  const first17 = `32010219880214${sequence}`;
  return `${first17}${idNumberCheckCharacter(first17)}`;
};

/** The 注册人员 form of a person with one (principal) certificate. */
export const personValues = (id: string, name = '孙立') => ({
  person_name: name,
  id_number: id,
  registration_type: '一级注册建造师',
  specialty: '建筑工程',
  certificate_no: `苏${id.slice(-8)}`,
  registered_region: '江苏省',
  expiry_date: '2028-06-30',
});

/**
 * Registers a person with an enterprise through the engine's own routes: saved, its 注册证书
 * attached, submitted and passed by the administrator (or only saved when `pass` is false).
 */
export async function registerPerson(
  app: TestApp,
  owner: TestActor,
  admin: TestActor,
  values: Record<string, unknown>,
  pass = true,
): Promise<string> {
  const call = (url: string, headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url, headers, payload });
  const ref = marketRef('personnel');
  const saved = await call('/ks/monitor/save', owner.headers, { ...ref, values });
  expect(saved.json()).toMatchObject({ code: 200 });
  const id = saved.json().data.id as string;
  if (!pass) return id;
  const form = multipart(
    { ...ref, fileType: 'pdf', fileNo: 'registration_cert' },
    { name: '证书.pdf', content: PDF },
  );
  const uploaded = await app.inject({
    method: 'POST',
    url: '/ks/common/common/upload/annex',
    headers: { ...owner.headers, ...form.headers },
    payload: form.payload,
  });
  await call('/ks/common/common/attachment/save', owner.headers, {
    ...ref,
    id,
    fileList: [
      { fileId: uploaded.json().data.fileId, fileNo: 'registration_cert', fileOperationType: 'add' },
    ],
  });
  expect((await call('/ks/monitor/submit', owner.headers, { ...ref, id })).json()).toMatchObject({
    code: 200,
  });
  const passed = await call('/ks/monitor/audit', admin.headers, {
    ...ref,
    id,
    result: 'pass',
    advice: '同意',
  });
  expect(passed.json()).toMatchObject({ code: 200 });
  return id;
}

/**
 * Links a personnel account to an ID number as the platform allows it (decision 0063): the account
 * claims the number, an administrator confirms the claim.
 */
export async function proveIdNumber(
  app: TestApp,
  admin: TestActor,
  account: TestActor,
  idNumber: string,
): Promise<void> {
  const claimed = await app.inject({
    method: 'POST',
    url: MARKET_PATHS.linkIdNumber,
    headers: account.headers,
    payload: { idNumber },
  });
  expect(claimed.json()).toMatchObject({ code: 200 });
  const queue = await app.inject({ method: 'GET', url: MARKET_PATHS.identityClaims, headers: admin.headers });
  const claim = (queue.json().data as { id: string; userId: string; version: number }[]).find(
    (one) => one.userId === account.id,
  );
  if (!claim) throw new Error('claim not queued');
  const confirmed = await app.inject({
    method: 'PUT',
    url: MARKET_PATHS.identityClaimDecide,
    headers: admin.headers,
    payload: { id: claim.id, version: claim.version, result: 'confirm' },
  });
  expect(confirmed.json()).toMatchObject({ code: 200, data: { status: 'proven', proof: 'admin' } });
}
