import { expect, it } from 'vitest';
import { insertParsedFile, insertProject } from '../../../test/cost-file-fixtures.ts';
import { createUser, loginAs, useTestApp } from '../../../test/helper.ts';

const getApp = useTestApp({ JOBS_POLL_SECONDS: '0.5' }, { startJobs: true });

it('a started check is delivered to a worker and finishes', async () => {
  const app = getApp();
  const admin = await createUser(app, 'M');
  const { headers } = await loginAs(app, admin);
  const project = await insertProject(app.db, { name: '队列项目', createdBy: admin.id });
  await insertParsedFile(app.db, { projectId: project.id, kind: 'control-price', uploadedBy: admin.id });
  const started = await app.inject({
    method: 'POST',
    url: '/ks/file/detection/cost-check',
    headers,
    payload: { xmId: project.id, gnCoding: 'fileAnalysis' },
  });
  expect(started.json().data.isSuccess).toBe(true);
  let state = '';
  for (let i = 0; i < 60 && state !== 'done'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const status = await app.inject({
      method: 'POST',
      url: '/ks/file/detection/status',
      headers,
      payload: { xmId: project.id },
    });
    state = status.json().data.state;
  }
  expect(state).toBe('done');
});
