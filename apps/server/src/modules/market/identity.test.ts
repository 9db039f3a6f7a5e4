import {
  type IdentityClaim,
  MARKET_MESSAGES,
  MARKET_PATHS,
  type Transfer,
  transferLimitMessage,
} from '@ks/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  codeIn,
  createActor,
  lastSmsText,
  loginBody,
  type TestActor,
  type TestUser,
  uniquePhone,
  useTestApp,
} from '../../../test/helper.ts';
import { personValues, registerPerson, testIdNumber } from '../../../test/market-registrations.ts';
import { operationLogs, users } from '../../db/schema/identity.ts';
import { notifyDeliveries } from '../../db/schema/notify.ts';
import { ensureProvidedSystems } from '../../provided-systems.ts';

/**
 * Decision 0063: an ID number claim is proven (SMS to the registration's mobile, or an
 * administrator) before it reveals or locks anything, and neither a claim nor a transfer request
 * tells whether a number is registered.
 */

const TRANSFER_LIMIT = 4;
const getApp = useTestApp({ TRANSFER_DAILY_LIMIT: String(TRANSFER_LIMIT) });
type Actor = TestActor;
const actor = (role: TestUser['loginRoleType']) => createActor(getApp(), role);
const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => getApp().inject({ method, url, headers, ...(payload ? { payload } : {}) });
let sequence = 500;
const nextIdNumber = () => testIdNumber(String(sequence++));

let admin: Actor;
let enterpriseA: Actor;
let enterpriseB: Actor;
let enterpriseC: Actor;
let developer: Actor;

beforeAll(async () => {
  admin = await actor('M');
  [enterpriseA, enterpriseB, enterpriseC, developer] = await Promise.all([
    actor('U'),
    actor('U'),
    actor('U'),
    actor('D'),
  ]);
  await ensureProvidedSystems(getApp().db, getApp().engine);
});

/** A person registered and passed with A, with their own mobile, and practice status set. */
async function registeredPerson(name: string, mobile: string | null = uniquePhone()) {
  const idNumber = nextIdNumber();
  const recordId = await registerPerson(getApp(), enterpriseA, admin, {
    ...personValues(idNumber, name),
    ...(mobile ? { mobile } : {}),
  });
  const areas = [{ region: '江苏省', status: 1, reason: '注册证书将于30日内到期' }];
  const set = await call('PUT', MARKET_PATHS.practice, admin.headers, { id: recordId, version: 0, areas });
  expect(set.json().code).toBe(200);
  return { idNumber, mobile, recordId, areas };
}

const claim = (who: Actor, idNumber: string) =>
  call('POST', MARKET_PATHS.linkIdNumber, who.headers, { idNumber });
const confirm = (who: Actor, smsCode: string) =>
  call('POST', MARKET_PATHS.confirmIdNumber, who.headers, { smsCode });
const stateOf = async (who: Actor) => (await call('GET', MARKET_PATHS.linkIdNumber, who.headers)).json().data;
const loginPractice = async (who: Actor) =>
  (
    await getApp().inject({
      method: 'POST',
      url: '/ks/common/login',
      payload: await loginBody(getApp(), who.account, who.password),
    })
  ).json().data.practicingStatus;
const queue = async (status = 'pending'): Promise<IdentityClaim[]> =>
  (await call('GET', `${MARKET_PATHS.identityClaims}?status=${status}`, admin.headers)).json().data;
const claimOf = async (who: Actor, status = 'pending') =>
  (await queue(status)).find((one) => one.userId === who.id);
const decide = (who: Actor, body: object) => call('PUT', MARKET_PATHS.identityClaimDecide, who.headers, body);
const requestTransfer = (who: Actor, idNumber: string) =>
  call('POST', MARKET_PATHS.transfers, who.headers, { idNumber, reason: '项目需要' });
const transfersOf = async (who: Actor): Promise<Transfer[]> =>
  (await call('GET', MARKET_PATHS.transfers, who.headers)).json().data;

describe('an ID number claim', () => {
  it('reveals nothing and locks nothing until it is proven', async () => {
    const person = await registeredPerson('赵未证');
    const asked = (await requestTransfer(enterpriseB, person.idNumber)).json().data as Transfer;
    const claimant = await actor('P');
    expect((await claim(claimant, person.idNumber)).json().code).toBe(200);

    expect(await loginPractice(claimant)).toEqual({ abnormal: false, practiceDetails: [] });
    expect((await call('POST', '/ks/individual/practice-area', claimant.headers)).json().data).toEqual([]);
    expect((await transfersOf(claimant)).map((t) => t.id)).not.toContain(asked.id);
    expect((await call('GET', '/ks/basic/personnel', claimant.headers)).statusCode).toBe(403);
    expect(await stateOf(claimant)).toMatchObject({
      idNumber: null,
      claim: { status: 'pending' },
      practiceDetails: [],
    });
    const [account] = await getApp().db.select().from(users).where(eq(users.id, claimant.id));
    expect(account?.idNumber).toBeNull();

    // Not locked: another account claims the same number, and both wait side by side.
    const other = await actor('P');
    expect((await claim(other, person.idNumber)).json().code).toBe(200);
    expect((await queue()).filter((one) => one.idNumber === person.idNumber)).toHaveLength(2);
  });

  it('is proven by the code sent to the registration’s mobile', async () => {
    const person = await registeredPerson('钱短信');
    const claimant = await actor('P');
    await claim(claimant, person.idNumber);
    const code = codeIn(await lastSmsText(getApp(), person.mobile as string));
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await confirm(claimant, code === '000000' ? '111111' : '000000');
    expect(wrong.json()).toMatchObject({ code: 400, message: MARKET_MESSAGES.claimCodeWrong });
    expect(await loginPractice(claimant)).toEqual({ abnormal: false, practiceDetails: [] });

    const proven = await confirm(claimant, code);
    expect(proven.json()).toMatchObject({
      code: 200,
      data: { claim: { status: 'proven' }, practiceDetails: person.areas },
    });
    expect(await loginPractice(claimant)).toEqual({ abnormal: true, practiceDetails: person.areas });
    // Single use, and the number is locked now: a later claim by another account waits for the
    // administrators without any code going out, and cannot be proven by SMS.
    expect((await confirm(claimant, code)).json().message).toBe(MARKET_MESSAGES.claimNone);
    const late = await actor('P');
    await claim(late, person.idNumber);
    expect(codeIn(await lastSmsText(getApp(), person.mobile as string))).toBe(code);
    expect((await confirm(late, code)).json().message).toBe(MARKET_MESSAGES.claimCodeWrong);
    expect(await claimOf(late)).toMatchObject({ heldBy: expect.stringContaining(claimant.account) });
    const logged = await getApp()
      .db.select({ action: operationLogs.action })
      .from(operationLogs)
      .where(eq(operationLogs.userId, claimant.id));
    expect(logged.map((one) => one.action)).toEqual(
      expect.arrayContaining(['申请绑定身份证号码', '绑定身份证号码（短信验证）']),
    );
  });

  it('is proven or refused by an administrator, who may move a held number', async () => {
    const person = await registeredPerson('孙无手机', null);
    const first = await actor('P');
    const second = await actor('P');
    await claim(first, person.idNumber);
    // No mobile on the registration: nothing to prove by SMS, the code answer is the usual one.
    expect((await confirm(first, '123456')).json().message).toBe(MARKET_MESSAGES.claimCodeWrong);
    const pending = await claimOf(first);
    expect(pending).toMatchObject({
      idNumber: person.idNumber,
      personName: '孙无手机',
      heldBy: '',
      status: 'pending',
    });
    const confirmed = await decide(admin, { id: pending?.id, version: pending?.version, result: 'confirm' });
    expect(confirmed.json()).toMatchObject({ code: 200, data: { status: 'proven', proof: 'admin' } });
    expect(await loginPractice(first)).toEqual({ abnormal: true, practiceDetails: person.areas });
    const stale = await decide(admin, { id: pending?.id, version: pending?.version, result: 'confirm' });
    expect(stale.json()).toMatchObject({ code: 409, message: MARKET_MESSAGES.staleClaim });

    // A claim contradicting the proven one lands in the queue; refusing needs a reason.
    await claim(second, person.idNumber);
    const contested = await claimOf(second);
    expect(contested?.heldBy).toContain(first.account);
    const bare = await decide(admin, { id: contested?.id, version: contested?.version, result: 'refuse' });
    expect(bare.json()).toMatchObject({ code: 400, message: MARKET_MESSAGES.claimRefusalMissing });
    // Confirmed over the first: the number moves, the first account loses it and is told.
    const moved = await decide(admin, { id: contested?.id, version: contested?.version, result: 'confirm' });
    expect(moved.json().data).toMatchObject({ status: 'proven', heldBy: '' });
    expect(await loginPractice(second)).toEqual({ abnormal: true, practiceDetails: person.areas });
    expect(await loginPractice(first)).toEqual({ abnormal: false, practiceDetails: [] });
    expect(await stateOf(first)).toMatchObject({ idNumber: null });
    const told = await getApp()
      .db.select()
      .from(notifyDeliveries)
      .where(eq(notifyDeliveries.userId, first.id));
    expect(told.length).toBeGreaterThanOrEqual(2);

    const third = await actor('P');
    await claim(third, person.idNumber);
    const doubtful = await claimOf(third);
    const refused = await decide(admin, {
      id: doubtful?.id,
      version: doubtful?.version,
      result: 'refuse',
      refusal: '与注册信息不符',
    });
    expect(refused.json().data).toMatchObject({ status: 'refused', refusal: '与注册信息不符' });
    expect(await stateOf(third)).toMatchObject({
      idNumber: null,
      claim: { status: 'refused', refusal: '与注册信息不符' },
    });
  });

  it('answers alike for a registered, an unregistered, a held and a no-mobile number', async () => {
    const registered = await registeredPerson('周同答');
    const held = await registeredPerson('吴已绑');
    const holder = await actor('P');
    await claim(holder, held.idNumber);
    await confirm(holder, codeIn(await lastSmsText(getApp(), held.mobile as string)));
    expect((await stateOf(holder)).idNumber).not.toBeNull();
    const noMobile = await registeredPerson('郑无号', null);
    const numbers = [registered.idNumber, nextIdNumber(), held.idNumber, noMobile.idNumber];

    const answers = [];
    const codeAnswers = [];
    for (const idNumber of numbers) {
      const who = await actor('P');
      answers.push((await claim(who, idNumber)).body);
      codeAnswers.push((await confirm(who, '000000')).body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0] as string)).toEqual({
      code: 200,
      data: { status: 'pending' },
      message: MARKET_MESSAGES.idNumberClaimed,
    });
    expect(new Set(codeAnswers).size).toBe(1);
  });

  it('is decided by administrators only; claims are personnel accounts’ only', async () => {
    const who = await actor('P');
    await claim(who, nextIdNumber());
    const pending = await claimOf(who);
    for (const caller of [who, enterpriseA, developer]) {
      expect((await call('GET', MARKET_PATHS.identityClaims, caller.headers)).statusCode).toBe(403);
      const answer = await decide(caller, { id: pending?.id, version: pending?.version, result: 'confirm' });
      expect(answer.statusCode).toBe(403);
    }
    for (const caller of [admin, enterpriseA, developer]) {
      expect((await claim(caller, nextIdNumber())).statusCode).toBe(403);
      expect((await confirm(caller, '123456')).statusCode).toBe(403);
    }
    expect((await claimOf(who))?.status).toBe('pending');
    // Nobody asks for a binding code by phone number: only a claim sends one.
    const bySms = await getApp().inject({
      method: 'POST',
      url: '/ks/common/sms/send-sms',
      payload: { phone: uniquePhone(), purpose: 'bind' },
    });
    expect(bySms.json().code).toBe(400);
  });
});

describe('a transfer request', () => {
  /** A transfer as the asker sees it, less what differs by request anyway. */
  const comparable = ({ id: _id, createdAt: _c, idNumber: _n, ...rest }: Transfer) => rest;

  it('answers alike whether or not the number is registered, and reveals on release', async () => {
    const person = await registeredPerson('王转入');
    const draftNumber = nextIdNumber();
    await registerPerson(getApp(), enterpriseA, admin, personValues(draftNumber, '王草稿'), false);
    const unknown = nextIdNumber();
    const asker = await actor('U');
    const answers = await Promise.all(
      [person.idNumber, draftNumber, unknown].map(async (idNumber) => {
        const answer = (await requestTransfer(asker, idNumber)).json();
        expect(answer.code).toBe(200);
        return answer;
      }),
    );
    const [registered, draft, nobody] = answers.map((answer) => comparable(answer.data));
    expect(registered).toEqual(nobody);
    expect(draft).toEqual(nobody);
    expect(nobody).toMatchObject({
      side: 'to',
      status: 'pending',
      personName: '',
      fromUserId: null,
      fromEnterpriseName: '',
      matched: null,
      reason: '项目需要',
    });
    expect(answers.map((answer) => answer.message)).toEqual(['成功', '成功', '成功']);

    // Administrators see them for what they are; A sees only the one naming its person.
    const all = await transfersOf(admin);
    const ids = answers.map((answer) => answer.data.id as string);
    expect(ids.map((id) => all.find((t) => t.id === id)?.matched)).toEqual([true, false, false]);
    expect((await transfersOf(enterpriseA)).map((t) => t.id).filter((id) => ids.includes(id))).toEqual([
      ids[0],
    ]);
    // Another enterprise never sees them.
    expect((await transfersOf(enterpriseC)).map((t) => t.id).filter((id) => ids.includes(id))).toEqual([]);

    const asked = answers[0]?.data as Transfer;
    const released = await call('PUT', MARKET_PATHS.transferRelease, enterpriseA.headers, {
      id: asked.id,
      version: asked.version,
    });
    expect(released.json().code).toBe(200);
    const seen = (await transfersOf(asker)).find((t) => t.id === asked.id);
    expect(seen).toMatchObject({ personName: '王转入', fromUserId: enterpriseA.id });

    // A number nobody holds stays pending and can be withdrawn; nobody else was told of it.
    const lonely = answers[2]?.data as Transfer;
    const withdrawn = await call('PUT', MARKET_PATHS.transferWithdraw, asker.headers, {
      id: lonely.id,
      version: lonely.version,
    });
    expect(withdrawn.json()).toMatchObject({ code: 200, data: { status: 'withdrawn' } });
  });

  it('is limited per enterprise per day, with a clear message', async () => {
    const asker = await actor('U');
    for (let n = 0; n < TRANSFER_LIMIT; n++)
      expect((await requestTransfer(asker, nextIdNumber())).json().code).toBe(200);
    const over = await requestTransfer(asker, nextIdNumber());
    expect(over.json()).toMatchObject({ code: 429, message: transferLimitMessage(TRANSFER_LIMIT) });
    // Other enterprises are not limited by it.
    expect((await requestTransfer(enterpriseC, nextIdNumber())).json().code).toBe(200);
  });
});
