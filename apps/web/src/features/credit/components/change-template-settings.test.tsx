import type { ChangeTemplateInfo } from '@ks/contract/record-changes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch, ok, takeUnexpectedRequests } from '@/test/fetch-mock.ts';
import { renderWidget } from '@/test/render-widget.tsx';
import { waitBound } from '@/test/waits.ts';
import { ChangeTemplateSettings, templateFileProblem } from './change-template-settings.tsx';

const WAIT = waitBound(2);
afterEach(() => expect(takeUnexpectedRequests()).toEqual([]));

const GENERATED: ChangeTemplateInfo = {
  templateVersion: 0,
  source: 'generated',
  fileName: '',
  size: null,
  updatedAt: null,
  updatedBy: '',
};
const UPLOADED: ChangeTemplateInfo = {
  templateVersion: 1,
  source: 'uploaded',
  fileName: '本省变更说明.docx',
  size: 24_576,
  updatedAt: '2026-11-26T02:00:00Z',
  updatedBy: '系统管理员',
};
const fileInput = (container: HTMLElement) =>
  container.querySelector('input[type="file"]') as HTMLInputElement;

describe('变更说明模板', () => {
  it('refuses what is not a .docx within 5 MB before sending it', () => {
    expect(templateFileProblem({ name: '模板.pdf', size: 10 })).toBe(
      '变更说明模板只能上传 Word 文档（.docx）',
    );
    expect(templateFileProblem({ name: '模板.DOCX', size: 6 * 1024 * 1024 })).toBe(
      '变更说明模板不能超过 5 MB',
    );
    expect(templateFileProblem({ name: '模板.docx', size: 10 })).toBeNull();
  });

  it('uploads an administrator’s .docx and goes back to the generated one', async () => {
    let current = GENERATED;
    const sent: FormData[] = [];
    let resets = 0;
    mockFetch({
      'GET /ks/records/changes/template/info': () => ok(current),
      'POST /ks/records/changes/template/upload': ({ init }) => {
        sent.push(init.body as FormData);
        current = UPLOADED;
        return ok(UPLOADED);
      },
      'POST /ks/records/changes/template/reset': () => {
        resets += 1;
        current = {
          ...GENERATED,
          templateVersion: 2,
          updatedAt: '2026-11-26T03:00:00Z',
          updatedBy: '系统管理员',
        };
        return ok(current);
      },
    });
    const { container, user } = renderWidget(<ChangeTemplateSettings />);
    expect(await screen.findByText('系统生成', {}, WAIT)).toBeTruthy();
    // Nothing to go back to yet.
    expect(screen.queryByRole('button', { name: '恢复系统模板' })).toBeNull();
    // A file of the wrong kind never reaches the server.
    fireEvent.change(fileInput(container), { target: { files: [new File(['%PDF'], '模板.pdf')] } });
    expect(await screen.findByText('变更说明模板只能上传 Word 文档（.docx）')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.upload(fileInput(container), new File(['PK'], '本省变更说明.docx'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]?.get('file') as File | undefined)?.name).toBe('本省变更说明.docx');
    expect(await screen.findByText('管理员上传：本省变更说明.docx', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('第1版')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '恢复系统模板' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(resets).toBe(1));
    expect(await screen.findByText('系统生成', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('第2版')).toBeTruthy();
  });
});
