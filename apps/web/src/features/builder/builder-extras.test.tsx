import { SYSTEM_DOCUMENT_FORMAT, SYSTEM_DOCUMENT_VERSION, SystemDocumentSchema } from '@ks/contract/builder';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { ok } from '@/test/fetch-mock.ts';
import { renderAsRole } from '@/test/render-as-role.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';
import { NODE, SYSTEM } from './test-fixtures.ts';

vi.setConfig({ testTimeout: testTimeout(8) });
// First renders of lazy pages are slow when the machine is busy.
configure({ asyncUtilTimeout: waitBound(2).timeout });

const modalOf = (element: HTMLElement) => element.closest('.ant-modal') as HTMLElement;

describe('all systems page: cache, export and import', () => {
  it('refreshes the caches and downloads a system’s document', async () => {
    const document_ = SystemDocumentSchema.parse({
      format: SYSTEM_DOCUMENT_FORMAT,
      formatVersion: SYSTEM_DOCUMENT_VERSION,
      system: { systemName: '交易管理系统', title: '交易管理', gnCoding: 'JYGL' },
      nodes: [],
    });
    const createObjectURL = vi.fn(() => 'blob:doc');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { callsTo } = renderAsRole('D', '/system/allSystem', {
      'GET /ks/config/new/node/system-list': ok([SYSTEM]),
      'GET /ks/cache/refresh': ok(['dictionaries', 'menus']),
      // The document is the answer itself, as the server sends it for download, not an envelope.
      'GET /ks/config/new/structure/export': { body: document_ },
    });
    fireEvent.click(await screen.findByRole('button', { name: '刷新缓存' }));
    expect(await screen.findByText('缓存已刷新')).toBeTruthy();
    const row = (await screen.findByText('交易管理系统')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(callsTo('GET /ks/config/new/structure/export')[0]?.query.get('systemCoding')).toBe('JYGL');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toEqual(document_);
  });

  it('imports a document under a new code and shows the warnings', async () => {
    const { callsTo } = renderAsRole('D', '/system/allSystem', {
      'GET /ks/config/new/node/system-list': ok([SYSTEM]),
      'POST /ks/config/new/structure/import': ok({
        id: makeRecordId(),
        gnCoding: 'JYGL2',
        systemName: '交易管理系统二',
        nodes: 3,
        published: 1,
        warnings: ['审核人 wang 在本环境中不存在'],
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '导入系统' }));
    const dialog = modalOf(await screen.findByText('导入系统', { selector: '.ant-modal-title' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /导\s*入/ }));
    expect(await within(dialog).findByText('请选择要导入的系统定义文件')).toBeTruthy();
    const fileInput = () => dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(fileInput(), {
      target: { files: [new File(['not json'], 'bad.json', { type: 'application/json' })] },
    });
    expect(await within(dialog).findByText('文件不是有效的JSON，请选择导出的系统定义文件')).toBeTruthy();
    const content = { format: 'ks-system', formatVersion: 1 };
    // rc-upload replaces its input after each choice.
    fireEvent.change(fileInput(), {
      target: {
        files: [new File([JSON.stringify(content)], 'JYGL.ks-system.json', { type: 'application/json' })],
      },
    });
    expect(await within(dialog).findByText('JYGL.ks-system.json')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('新系统编码（可选，不填沿用文件中的编码）'), {
      target: { value: '9x' },
    });
    expect(
      await within(dialog).findByText('系统编码须以字母开头，由字母、数字或下划线组成，生成后不可修改'),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('新系统编码（可选，不填沿用文件中的编码）'), {
      target: { value: 'JYGL2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /导\s*入/ }));
    expect(await within(dialog).findByText('审核人 wang 在本环境中不存在')).toBeTruthy();
    expect(callsTo('POST /ks/config/new/structure/import')[0]?.body).toEqual({
      document: content,
      gnCoding: 'JYGL2',
    });
  });
});

describe('/system/displayGroups', () => {
  it('needs a name, then creates a group of chosen nodes', async () => {
    const { callsTo } = renderAsRole('D', '/system/displayGroups?systemCoding=JYGL', {
      'GET /ks/config/new/node/system-list': ok([SYSTEM]),
      'GET /ks/config/new/node/node-list': ok([NODE]),
      'GET /ks/config/structure/display-groups': ok([]),
      'POST /ks/config/structure/display-groups': ({ body }) =>
        ok({ id: makeRecordId(), sort: 0, version: 1, ...(body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '新增展示分组' }));
    const dialog = modalOf(await screen.findByText('新增展示分组', { selector: '.ant-modal-title' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请输入分组名称')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('分组名称'), { target: { value: '常用' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('节点'));
    fireEvent.click((await screen.findAllByTitle('项目信息')).at(-1) as HTMLElement);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(callsTo('POST /ks/config/structure/display-groups')[0]?.body).toEqual({
        name: '常用',
        icon: '',
        nodeIds: [NODE.id],
        systemCoding: 'JYGL',
      }),
    );
  });
});
