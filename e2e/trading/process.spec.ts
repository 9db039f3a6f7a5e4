import { readFile } from 'node:fs/promises';
import { TRADE_NOTICE_NODE_OF, TRADE_NOTICE_SYSTEM_CODING } from '@ks/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sealer } from '../support/api.ts';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { expectMessage, recordMessages } from '../support/messages.ts';
import { acknowledgeNoticeBanners, confirmEverything } from '../support/notices.ts';
import { ApiSession } from '../support/records-api.ts';
import { UI_WAIT_MS } from '../support/waits.ts';

/**
 * The trading process end to end (issue 28, decisions 0073, 0076, 0077, 0078): set-up through the
 * API where a browser proves nothing (entry.spec already enters and approves a project in the
 * browser), the browser for what the bidder does. The conflicting venue booking is venues/booking.spec's.
 */

const newPage = useBrowser();

/** The demo tenderee of the trading module (README, "Demo accounts"). */
const TENDEREE = { account: 'tenderee', password: 'Ten2026ks' };
/**
 * The demo's section on sale now (its sale window moved by the demo seed): the entry form refuses
 * a notice time in the past, and a sale starts no earlier than its notice, at minute precision, so
 * no section entered through the API is on sale before the next whole minute.
 */
const ON_SALE = { project: '滨江路道路提升工程（演示）', section: '施工一标段' };
const DAY = 24 * 60 * 60 * 1000;
const CHINA = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** An instant as China time, "YYYY-MM-DD HH:mm:ss". */
const chinaTime = (at: Date) => CHINA.format(at);
const chinaDay = (days: number) => chinaTime(new Date(Date.now() + days * DAY)).slice(0, 10);
const ahead = (days: number, hour: number) => `${chinaDay(days)} ${String(hour).padStart(2, '0')}:00`;

/** The first working day from `days` ahead on the centre's calendar (the rules of time refuse a rest day). */
async function workingDayAhead(api: ApiSession, days: number, hour: number): Promise<string> {
  const exceptions = new Map<string, string>();
  for (const year of new Set([chinaDay(days), chinaDay(days + 30)].map((d) => d.slice(0, 4)))) {
    const { days: listed } = await api.get<{ days: { day: string; kind: string }[] }>(
      '/ks/calendar/v1/days',
      {
        year,
      },
    );
    for (const { day, kind } of listed) exceptions.set(day, kind);
  }
  for (let offset = days; offset < days + 30; offset++) {
    const day = chinaDay(offset);
    const kind = exceptions.get(day);
    const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
    if (kind === 'workday' || (kind !== 'holiday' && !weekend)) return ahead(offset, hour);
  }
  throw new Error('no working day within 30 days on the centre calendar');
}

/** A valid unified social credit code (check character included) that no other run uses. */
function newCreditCode(): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const base = `91330100MA${String(Date.now()).slice(-7)}`;
  const sum = weights.reduce((acc, w, i) => acc + chars.indexOf(base[i] as string) * w, 0);
  return base + chars[(31 - (sum % 31)) % 31];
}

/** The newest text the local SMS provider sent to `phone` that matches `pattern`, read by the administrator. */
async function smsTo(admin: ApiSession, phone: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const { records } = await admin.get<{ records: { phone: string; text: string }[] }>(
          '/ks/admin/sms/outbox',
          { curPage: '1', pageSize: '50' },
        );
        found = records.find((row) => row.phone === phone && pattern.test(row.text))?.text ?? '';
        return found !== '';
      },
      { timeout: UI_WAIT_MS },
    )
    .toBe(true);
  return pattern.exec(found)?.[1] ?? '';
}

/** A new enterprise (a bidder no other spec knows), registered and activated through the public API. */
async function registerBidder(admin: ApiSession) {
  const stamp = Date.now().toString(36);
  const phone = `137${String(Date.now()).slice(-8)}`;
  const account = {
    account: `bid_${stamp}`,
    password: 'Bidder2026ks',
    enterpriseName: `端到端投标建设有限公司${stamp}`,
  };
  const post = async (path: string, body: object) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; message: string };
    if (answer.code !== 200) throw new Error(`${path}: ${answer.message}`);
  };
  await post('/ks/common/register/phone-code', { phone });
  const smsCode = await smsTo(admin, phone, /验证码为(\d{6})/);
  const { keyId, seal } = await sealer(baseUrl());
  await post('/ks/common/register/registration', {
    enterpriseName: account.enterpriseName,
    creditCode: newCreditCode(),
    enterpriseType: '施工企业',
    account: account.account,
    contactName: '钱投标',
    phone,
    smsCode,
    passWord: seal(account.password),
    keyId,
  });
  const activationCode = await smsTo(admin, phone, /activationCode=([0-9a-f]{32})/);
  await post('/ks/common/activate', { activationCode });
  return account;
}

/** A project of the demo tenderee with one section, entered, submitted and approved by the centre. */
async function approvedProject(tenderee: ApiSession, admin: ApiSession) {
  type Project = { id: string; version: number; state: string; sections: { id: string }[] };
  const deadline = await workingDayAhead(tenderee, 30, 9);
  const entered = await tenderee.post<Project>('/ks/xmrc/v1/bd/save', {
    name: `城东污水管网改造工程${Date.now().toString(36)}`,
    capacity: 'tenderee',
    principal: '赵敏',
    principalPhone: '13912340000',
    sections: [
      {
        name: '施工标段',
        type: '施工',
        estimatePrice: 8_000_000,
        controlPrice: 7_600_000,
        controlPriceNote: '',
        qualification: '具备市政公用工程施工总承包二级及以上资质',
        evaluationMethod: '综合评估法',
        noticeAt: ahead(5, 9),
        saleStartAt: ahead(6, 9),
        saleEndAt: ahead(11, 17),
        bidDeadlineAt: deadline,
        openingAt: deadline,
      },
    ],
  });
  const submitted = await tenderee.post<Project>('/ks/trade/submit', {
    id: entered.id,
    version: entered.version,
  });
  const approved = await admin.post<Project>('/ks/trade/review', {
    id: submitted.id,
    version: submitted.version,
    decision: 'approve',
  });
  expect(approved.state).toBe('approved');
  return approved;
}

/**
 * A tender notice for the section, audited by the centre and sent once its publish time (a few
 * seconds ahead when it was written: the form refuses a past time) has come, so the send publishes
 * it at once (decision 0076). Answers its title.
 */
async function publishedNotice(tenderee: ApiSession, admin: ApiSession, sectionId: string) {
  const ref = { systemCoding: TRADE_NOTICE_SYSTEM_CODING, gnCoding: TRADE_NOTICE_NODE_OF.tender };
  // Opening the section select brings the newly approved section into its dictionary.
  await tenderee.post('/ks/common/common/pull-down', { ...ref, displayCode: 'section' });
  const title = `城东污水管网改造工程招标公告${Date.now().toString(36)}`;
  const publishAt = new Date(Date.now() + 3000);
  const saved = await tenderee.post<{ id: string }>('/ks/monitor/save', {
    ...ref,
    values: {
      section: sectionId,
      title,
      publish_at: chinaTime(publishAt),
      body: '本项目已具备招标条件，现对施工标段进行公开招标，欢迎符合条件的投标人参加。',
    },
  });
  await tenderee.post('/ks/flow/v1/start', { ...ref, id: saved.id });
  const passed = await admin.post<{ id: string; version: number }>('/ks/monitor/audit', {
    ...ref,
    id: saved.id,
    result: 'pass',
    advice: '同意发布',
  });
  // The publish time is the server's clock's: the send is made once it has passed.
  await expect.poll(() => Date.now() > publishAt.getTime() + 500, { interval: 100 }).toBe(true);
  await tenderee.post('/ks/monitor/send', { ...ref, id: passed.id, version: passed.version });
  return title;
}

async function openAs(page: Page, account: { account: string; password: string }, home: string) {
  await confirmEverything(await ApiSession.logIn(baseUrl(), account.account, account.password));
  await recordMessages(page);
  await acknowledgeNoticeBanners(page);
  await page.goto(`${baseUrl()}/`);
  await logIn(page, account.account, account.password);
  await waitForPath(page, home);
}

describe('the trading process (issue 28): entry, notice, sign-up and download, clarification', () => {
  it('a published notice reaches a new bidder, who signs up, downloads and confirms a clarification', async () => {
    const admin = await ApiSession.logIn(baseUrl(), DEMO.admin.account, DEMO.admin.password);
    const tenderee = await ApiSession.logIn(baseUrl(), TENDEREE.account, TENDEREE.password);

    // Entry and approval, then a notice published at its time (API: entry.spec proves the forms).
    const project = await approvedProject(tenderee, admin);
    const noticeTitle = await publishedNotice(tenderee, admin, project.sections[0]?.id ?? '');

    // A new bidder reads the published notice (public once published).
    const bidderAccount = await registerBidder(admin);
    const bidderApi = await ApiSession.logIn(baseUrl(), bidderAccount.account, bidderAccount.password);
    type Notice = { versions: { title: string }[] };
    const notices = await bidderApi.get<Notice[]>('/ks/trade/notices', { projectId: project.id });
    expect(notices.flatMap((n) => n.versions.map((v) => v.title))).toContain(noticeTitle);

    // In the browser: sign-up and download on 招标文件发售.
    const page = await newPage();
    await openAs(page, bidderAccount, DEMO.enterprise.home);
    await page.goto(`${baseUrl()}/trade/onSale`);
    const row = page
      .locator('.ant-table-row', { hasText: ON_SALE.project })
      .filter({ hasText: ON_SALE.section });
    await row.getByRole('button', { name: /报\s*名/ }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`报名：.*${ON_SALE.section}`) });
    await dialog.getByLabel('联系人').fill('钱投标');
    await dialog.getByLabel('联系电话').fill('13712345678');
    await dialog.getByRole('button', { name: /报\s*名/ }).click();
    await expectMessage(page, '报名成功');
    await row.getByText('已报名').waitFor();
    await row.getByRole('button', { name: /展开行|Expand row/ }).click();
    const documents = page.locator('.ant-table-expanded-row');
    const downloadButton = documents.getByRole('button', { name: /^下\s*载$/ }).first();
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(await download.failure()).toBeNull();
    // The bytes arrived: a PDF, saved by the browser.
    const saved = await readFile(await download.path());
    expect(saved.subarray(0, 5).toString()).toBe('%PDF-');
    await documents.getByText('已下载').first().waitFor();

    // A clarification of the section, audited and sent (API): delivered to the new downloader.
    type Section = { sectionId: string; sectionName: string; projectName: string };
    const onSale = await bidderApi.post<Section[]>('/ks/trade/file/on-sale', {});
    const section = onSale.find(
      (s) => s.projectName === ON_SALE.project && s.sectionName === ON_SALE.section,
    );
    expect(section).toBeDefined();
    type Clarification = { id: string; version: number };
    const clarifyTitle = `关于施工一标段工程量清单的澄清${Date.now().toString(36)}`;
    const draft = await tenderee.post<Clarification>('/ks/clarify/file/save', {
      sectionId: section?.sectionId,
      title: clarifyTitle,
      content: '工程量清单第3.2项的数量更正为1200立方米，其余不变。',
      newBidDeadlineAt: '',
      fileIds: [],
    });
    const submitted = await tenderee.post<Clarification>('/ks/clarify/file/submit', {
      id: draft.id,
      version: draft.version,
    });
    const audited = await admin.post<Clarification>('/ks/clarify/file/audit', {
      id: submitted.id,
      version: submitted.version,
      decision: 'approve',
    });
    await tenderee.post('/ks/clarify/file/send', { id: audited.id, version: audited.version });

    // Delivered by a job: wait until the bidder's deliveries hold it, then confirm in the browser.
    type Received = { title: string }[];
    await expect
      .poll(
        async () => (await bidderApi.post<Received>('/ks/clarify/file/received', {})).map((r) => r.title),
        {
          interval: 250,
        },
      )
      .toContain(clarifyTitle);
    await page.goto(`${baseUrl()}/clarify/received`);
    const received = page.locator('.ant-table-row', { hasText: clarifyTitle });
    await received.getByRole('button', { name: '确认收到' }).click();
    await expectMessage(page, '已确认收到');
    await expect.poll(() => received.getByRole('button', { name: '确认收到' }).count()).toBe(0);

    // The centre's detail of the clarification shows the new bidder's receipt.
    type Detail = { receipts: { enterpriseName: string; receivedAt: string | null }[] };
    const detail = await admin.post<Detail>('/ks/clarify/file/detail', { id: audited.id });
    const receipt = detail.receipts.find((r) => r.enterpriseName === bidderAccount.enterpriseName);
    expect(receipt?.receivedAt).toBeTruthy();
    // The clarification also reached the demo enterprise, which downloaded in the demo: its notice
    // would open over the pages of the specs that log it in next.
    await confirmEverything(
      await ApiSession.logIn(baseUrl(), DEMO.enterprise.account, DEMO.enterprise.password),
    );
    await page.context().close();
  });
});
