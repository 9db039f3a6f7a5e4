import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { failure, mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { signInAs } from '@/test/sign-in.ts';
import { waitBound } from '@/test/waits.ts';
import { makeProject, makeSection, makeVenueBooking } from '../test-fixtures.ts';
import { FiveInOneDetailPage } from './five-in-one-detail-page.tsx';

/** The tender plan attached to the section (a stored file's UUID). */
const PLAN_FILE_ID = makeRecordId();

const WAIT = waitBound(2);

afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const tree = (
  <Routes>
    <Route path="/fiveInOne/detail" element={<FiveInOneDetailPage />} />
  </Routes>
);

describe('五位一体详情 (/fiveInOne/detail)', () => {
  it('shows the centre the server’s buttons and returns the project with the reason, the server’s error under the field', async () => {
    signInAs('M');
    const project = makeProject({
      state: 'pending',
      side: 'centre',
      actions: ['approve', 'return', 'updatePrincipal'],
    });
    const reviews: unknown[] = [];
    mockFetch({
      [`GET /ks/trade/records/${project.id}`]: ok(project),
      'GET /ks/xmrc/v1/bd-files': ok([
        { id: PLAN_FILE_ID, fileName: '招标方案.pdf', url: `/ks/file/v1/files/${PLAN_FILE_ID}` },
      ]),
      'POST /ks/trade/review': ({ body }) => {
        reviews.push(body);
        return reviews.length === 1
          ? failure(400, 400, '请填写退回原因', { reason: '请填写退回原因' })
          : ok({ ...project, state: 'returned', returnReason: '缺少资格要求', actions: ['updatePrincipal'] });
      },
    });
    const { user } = renderWidget(tree, `/fiveInOne/detail?id=${project.id}&tab=xmxx`);
    expect(await screen.findByText('招标方案.pdf', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: '审核通过' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '变更负责人' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交审核' })).toBeNull();
    // Files are listed without upload or delete: the server gave the centre no `edit`.
    expect(screen.queryByRole('button', { name: '上传附件' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /退\s*回/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.click(within(dialog).getByRole('button', { name: /退\s*回/ }));
    expect(await within(dialog).findByText('请填写退回原因', {}, WAIT)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('退回原因'), '缺少资格要求');
    await user.click(within(dialog).getByRole('button', { name: /退\s*回/ }));
    await waitFor(() => expect(reviews).toHaveLength(2), WAIT);
    expect(reviews[1]).toEqual({
      id: project.id,
      version: project.version,
      decision: 'return',
      reason: '缺少资格要求',
    });
  });

  it('shows a supervisor no button, and the later tabs their honest empty states', async () => {
    signInAs('M');
    const project = makeProject({ state: 'approved', side: 'supervisor', actions: [] });
    mockFetch({
      [`GET /ks/trade/records/${project.id}`]: ok(project),
      'GET /ks/xmrc/v1/bd-files': ok([]),
    });
    const { user } = renderWidget(tree, `/fiveInOne/detail?id=${project.id}`);
    expect(await screen.findByText('您以监督身份查看本项目，不能办理', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('暂无附件', {}, WAIT)).toBeTruthy();
    for (const name of ['编辑', '提交审核', '审核通过', '变更负责人'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    await user.click(screen.getByRole('tab', { name: '专家抽取' }));
    expect(
      await screen.findByText('专家抽取将在专家抽取功能上线后在此办理，目前暂无抽取记录', {}, WAIT),
    ).toBeTruthy();
  });

  it('shows the project’s published prequalification notices in the 资格预审公告 tab (decision 0076)', async () => {
    signInAs('M');
    const project = makeProject({ state: 'approved', side: 'centre', actions: ['updatePrincipal'] });
    mockFetch({
      [`GET /ks/trade/records/${project.id}`]: ok(project),
      'GET /ks/trade/notices': ({ url }) =>
        url.searchParams.get('projectId') === project.id ? ok([]) : failure(200, 404, '项目不存在'),
    });
    renderWidget(tree, `/fiveInOne/detail?id=${project.id}&tab=zsgg`);
    expect(await screen.findByText('暂无资格预审公告', {}, WAIT)).toBeTruthy();
  });

  it('lists the venue bookings of the project’s sections in section order, with the way to book', async () => {
    signInAs('U');
    const first = makeSection({ code: 'JY202611290001-001', name: '施工标段' });
    const second = makeSection({ code: 'JY202611290001-002', name: '监理标段' });
    const project = makeProject({ sections: [first, second] });
    const summary = (section: typeof first) => ({
      id: section.id,
      code: section.code,
      name: section.name,
      projectName: project.name,
    });
    mockFetch({
      [`GET /ks/trade/records/${project.id}`]: ok(project),
      'GET /ks/venue/v1/project-bookings': ({ url }) =>
        url.searchParams.get('projectId') === project.id
          ? ok({
              sections: [first, second].map(({ id, code, name }) => ({ id, code, name })),
              mayBook: true,
              records: [
                makeVenueBooking({
                  id: makeRecordId(),
                  section: summary(second),
                  roomName: '综合会议室',
                  purpose: '评标',
                  status: 'approved',
                  fromDay: '2026-12-02',
                  fromHalf: 'am',
                  toDay: '2026-12-02',
                  toHalf: 'pm',
                }),
                makeVenueBooking({
                  id: makeRecordId(),
                  section: summary(first),
                  roomName: '第一开标室',
                  fromDay: '2026-12-01',
                  fromHalf: 'pm',
                  toDay: '2026-12-01',
                  toHalf: 'pm',
                }),
              ],
            })
          : failure(200, 404, '项目不存在'),
    });
    renderWidget(tree, `/fiveInOne/detail?id=${project.id}&tab=cdyy`);
    const rows = await screen.findAllByRole('row', {}, WAIT);
    const cells = rows.slice(1).map((row) => row.textContent);
    expect(cells).toEqual([
      'JY202611290001-001 施工标段第一开标室2026-12-01 下午 至 2026-12-01 下午开标待审核',
      'JY202611290001-002 监理标段综合会议室2026-12-02 上午 至 2026-12-02 下午评标已通过',
    ]);
    expect(screen.getByRole('link', { name: '预约场地' }).getAttribute('href')).toBe('/meetingVenue/meeting');
  });

  it('says honestly that nothing is booked, and offers no booking to whom the server gives none', async () => {
    signInAs('M');
    const project = makeProject({ state: 'approved', side: 'supervisor', actions: [] });
    mockFetch({
      [`GET /ks/trade/records/${project.id}`]: ok(project),
      'GET /ks/venue/v1/project-bookings': ok({
        sections: project.sections.map(({ id, code, name }) => ({ id, code, name })),
        mayBook: false,
        records: [],
      }),
    });
    renderWidget(tree, `/fiveInOne/detail?id=${project.id}&tab=cdyy`);
    expect(await screen.findByText('暂无场地预约', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '预约场地' })).toBeNull();
  });

  it('lets a tenderee change the principal with a reason', async () => {
    signInAs('U');
    const project = makeProject();
    const bodies: unknown[] = [];
    mockFetch({
      [`GET /ks/trade/records/${project.id}`]: ok(project),
      'GET /ks/xmrc/v1/bd-files': ok([]),
      'POST /ks/trade/update-principal': ({ body }) => {
        bodies.push(body);
        return ok({ ...project, principal: '李四', version: 2 });
      },
    });
    const { user } = renderWidget(tree, `/fiveInOne/detail?id=${project.id}&tab=xmxx`);
    expect(await screen.findByRole('button', { name: '上传附件' }, WAIT)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '变更负责人' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const name = within(dialog).getByLabelText('项目负责人');
    await user.clear(name);
    await user.type(name, '李四');
    await user.type(within(dialog).getByLabelText('变更原因'), '人员调整');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodies).toHaveLength(1), WAIT);
    expect(bodies[0]).toEqual({
      id: project.id,
      version: 1,
      principal: '李四',
      principalPhone: '13912345678',
      reason: '人员调整',
    });
  });
});
