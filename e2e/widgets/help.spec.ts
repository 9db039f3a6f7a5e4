import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, useBrowser } from '../support/browser.ts';
import { logIn, waitForPath } from '../support/login.ts';
import { buildPdf, recordVideo } from '../support/test-files.ts';
import { animationsSettled, expectVisible } from '../support/waits.ts';

const newPage = useBrowser();
/** The demo material price node: help configured for it shows on its pages. */
const NODE = { systemCoding: 'DEMO_CLJG', gnCoding: 'CLJG_CLJG' };

async function logInAs(page: Page, demo: (typeof DEMO)[keyof typeof DEMO]) {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, demo.account, demo.password);
  await waitForPath(page, demo.home);
}

/** 新增分组 on the help admin page, in the tab that is open. */
async function createGroup(admin: Page, groupName: string) {
  await admin.getByRole('button', { name: '新增分组', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: '新增分组' });
  // A click on 确定 while antd's opening zoom still moves it can miss (seen in a loaded CI run).
  await animationsSettled(admin);
  await dialog.getByLabel('分组名称').fill(groupName);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await expect.poll(() => admin.locator('.ks-help-admin-tree').getByText(groupName).isVisible()).toBe(true);
}

/** Uploads through the group's own 上传文件 button and its file chooser, as a person does. */
async function uploadFile(
  admin: Page,
  groupName: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const uploaded = admin.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/ks\/help\/v1\/admin\/groups\/[^/]+\/files$/.test(response.url()),
  );
  const chooser = admin.waitForEvent('filechooser');
  await admin.getByRole('button', { name: `上传文件到${groupName}` }).click();
  await (await chooser).setFiles(file);
  expect(((await (await uploaded).json()) as { code: number; message: string }).message).toBe('上传成功');
  // The admin tree expands only the groups it mounted with: a group that just got its first file
  // stays closed, so open it as a person would to see the file.
  const tree = admin.locator('.ks-help-admin-tree');
  const closed = tree
    .locator('.ant-tree-treenode', { hasText: groupName })
    .locator('.ant-tree-switcher_close');
  await expect
    .poll(async () => {
      if ((await closed.count()) > 0) await closed.click();
      return tree.getByText(file.name, { exact: true }).isVisible();
    })
    .toBe(true);
}

const selectedTitle = (panel: Locator) => panel.locator('.ant-tree-node-selected').innerText();

describe('help panel with a real PDF and a real video', () => {
  // Two accounts, two uploads and a recorded video: more than the default minute on a busy machine.
  it('the administrator configures help on the admin page; a user reads it in the header panel', {
    timeout: 240000,
  }, async () => {
    const suffix = Date.now().toString(36);
    const guideGroup = `操作手册${suffix}`;
    const faqGroup = `常见问题${suffix}`;
    const pdfName = `help-${suffix}.pdf`;
    const videoName = `help-${suffix}.webm`;
    const question = `如何提交投标文件？${suffix}`;
    const answer = '在投标管理中上传文件并点击提交。';

    const admin = await newPage();
    await logInAs(admin, DEMO.admin);
    const video = await recordVideo(admin, 'webm');
    // EBML magic: the recording is a real WebM, as the server checks by its first bytes.
    expect(video.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(video.length).toBeGreaterThan(1000);

    await admin.goto(`${baseUrl()}/system/helpConfig`);
    await expect.poll(() => admin.getByRole('heading', { name: '帮助配置' }).isVisible()).toBe(true);
    // The demo data ships platform-wide help: this test's help is the price node's own, read there.
    await admin.getByLabel('系统编码').fill(NODE.systemCoding);
    await admin.getByLabel('功能编码').fill(NODE.gnCoding);
    await admin.getByRole('button', { name: '切换范围' }).click();
    await createGroup(admin, guideGroup);
    await uploadFile(admin, guideGroup, {
      name: pdfName,
      mimeType: 'application/pdf',
      buffer: buildPdf('KS help e2e'),
    });
    await uploadFile(admin, guideGroup, { name: videoName, mimeType: 'video/webm', buffer: video });

    await admin.getByRole('tab', { name: '常见问题' }).click();
    await createGroup(admin, faqGroup);
    const faqRow = admin.locator('.ks-help-admin-tree .ant-tree-treenode', { hasText: faqGroup });
    await faqRow.getByRole('button', { name: '编辑问答' }).click();
    const editDialog = admin.getByRole('dialog', { name: '编辑分组' });
    await expectVisible(editDialog);
    await animationsSettled(admin);
    await editDialog.getByRole('button', { name: '添加问答' }).click();
    await expectVisible(editDialog.getByText('问答 1'));
    await editDialog.getByLabel('问题').fill(question);
    await editDialog.getByLabel('答案').fill(answer);
    await editDialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => editDialog.isVisible()).toBe(false);

    const page = await newPage();
    await logInAs(page, DEMO.enterprise);
    await page.goto(`${baseUrl()}/dynamicPage/dynamicIndex?${new URLSearchParams(NODE).toString()}`);
    await page.getByRole('button', { name: '帮助', exact: true }).click();
    const panel = page.getByRole('dialog', { name: '帮助中心' });
    await expect
      .poll(() => panel.getByRole('tab', { name: '帮助说明', selected: true }).isVisible())
      .toBe(true);

    // The first item is selected without a click: the PDF, shown in a frame.
    const pdfFrame = panel.locator(`iframe[title="帮助文档：${pdfName}"]`);
    await pdfFrame.waitFor();
    expect(await selectedTitle(panel)).toBe(pdfName);
    const framed = await pdfFrame.evaluate(async (frame: HTMLIFrameElement) => {
      const response = await fetch(frame.src);
      return {
        src: frame.src,
        type: response.headers.get('content-type'),
        head: (await response.text()).slice(0, 5),
      };
    });
    expect(framed.src).toMatch(/^blob:/);
    expect(framed.head).toBe('%PDF-');

    // The video plays in a player: metadata loaded, real frames, time moving.
    await panel.locator('.ant-tree-title', { hasText: videoName }).click();
    const player = panel.locator(`video[title="帮助视频：${videoName}"]`);
    await player.waitFor();
    expect(await selectedTitle(panel)).toBe(videoName);
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    const media = await player.evaluate((v: HTMLVideoElement) => ({
      duration: v.duration,
      width: v.videoWidth,
      height: v.videoHeight,
      controls: v.controls,
      error: v.error?.code ?? 0,
    }));
    expect(media).toMatchObject({ width: 160, height: 120, controls: true, error: 0 });
    expect(media.duration).toBeGreaterThan(0);
    await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);

    // 常见问题: a new list, its first group selected, its Q&A card on the right.
    await panel.getByRole('tab', { name: '常见问题' }).click();
    const card = panel.locator('.ks-help-qa .ant-card', { hasText: `问：${question}` });
    await card.waitFor();
    expect(await card.innerText()).toContain(`答：${answer}`);
    expect(await selectedTitle(panel)).toBe(faqGroup);
    expect(await panel.getByText(pdfName).count()).toBe(0);

    // Back on 帮助说明 the list starts again: the first item, not the video picked before.
    await panel.getByRole('tab', { name: '帮助说明' }).click();
    await pdfFrame.waitFor();
    expect(await selectedTitle(panel)).toBe(pdfName);
    expect(await panel.locator('video').count()).toBe(0);

    await admin.context().close();
    await page.context().close();
  });
});
