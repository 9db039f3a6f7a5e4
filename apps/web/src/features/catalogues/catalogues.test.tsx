import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { failure, ok } from '@/test/fetch-mock.ts';
import { renderAsRole } from '@/test/render-as-role.ts';
import { testTimeout, waitBound } from '@/test/waits.ts';

vi.setConfig({ testTimeout: testTimeout(8) });
// First renders of lazy pages are slow when the machine is busy.
configure({ asyncUtilTimeout: waitBound(2).timeout });

const modalOf = (element: HTMLElement) => element.closest('.ant-modal') as HTMLElement;
const okButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定|OK/ });

describe('/system/dictionaries', () => {
  it('shows the contract’s messages, then creates the dictionary', async () => {
    const { callsTo } = renderAsRole('D', '/system/dictionaries', {
      'GET /ks/base/dictionary/config/dics': ok([]),
      'POST /ks/base/dictionary/config/dics': ({ body }) =>
        ok({ id: makeRecordId(), version: 1, updatedAt: '2026-11-29T00:00:00Z', ...(body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '新增字典' }));
    const dialog = modalOf(await screen.findByText('新增字典', { selector: '.ant-modal-title' }));
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('请输入字典编码')).toBeTruthy();
    expect(within(dialog).getByText('请输入字典名称')).toBeTruthy();
    expect(within(dialog).getByText('请至少添加一个字典项')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('字典编码'), { target: { value: '9x' } });
    expect(await within(dialog).findByText('字典编码须以字母开头，由字母、数字或下划线组成')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('字典编码'), { target: { value: 'xmlx' } });
    fireEvent.change(within(dialog).getByLabelText('字典名称'), { target: { value: '项目类型' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '添加选项' }));
    fireEvent.change(within(dialog).getByLabelText('选项1名称'), { target: { value: '房建' } });
    fireEvent.change(within(dialog).getByLabelText('选项1值'), { target: { value: 'fj' } });
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(callsTo('POST /ks/base/dictionary/config/dics')[0]?.body).toEqual({
      code: 'xmlx',
      name: '项目类型',
      items: [{ label: '房建', value: 'fj' }],
    });
  });
});

describe('/system/valueRanges', () => {
  const range = {
    id: '55555555-5555-4555-8555-555555555555',
    code: 'region',
    name: '行政区划',
    tree: [{ label: '浙江', value: '33', children: [{ label: '杭州', value: '3301' }] }],
    version: 2,
    updatedAt: '2026-11-21T00:00:00Z',
  };

  it('edits a tree with children over its version, and says why a delete is refused', async () => {
    const inUse = '值域正在被节点「项目信息」的表单使用，不能删除';
    const { callsTo } = renderAsRole('M', '/system/valueRanges', {
      'GET /ks/node/field/value-ranges': ok([range]),
      'PUT /ks/node/field/value-ranges': ok(range),
      'DELETE /ks/node/field/value-ranges': failure(400, 400, inUse),
    });
    const row = (await screen.findByText('行政区划')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /编\s*辑/ }));
    const dialog = modalOf(await screen.findByText('编辑值域“行政区划”'));
    fireEvent.click(within(dialog).getAllByRole('button', { name: '添加下级' })[0] as HTMLElement);
    fireEvent.change(within(dialog).getByLabelText('选项1的下级2名称'), { target: { value: '宁波' } });
    fireEvent.change(within(dialog).getByLabelText('选项1的下级2值'), { target: { value: '3302' } });
    fireEvent.click(okButton(dialog));
    await waitFor(() =>
      expect(callsTo('PUT /ks/node/field/value-ranges')[0]?.body).toEqual({
        id: range.id,
        version: 2,
        name: '行政区划',
        tree: [
          {
            label: '浙江',
            value: '33',
            children: [
              { label: '杭州', value: '3301' },
              { label: '宁波', value: '3302' },
            ],
          },
        ],
      }),
    );
    fireEvent.click(within(row).getByRole('button', { name: /删\s*除/ }));
    const popconfirm = (await screen.findByText('确定删除值域“行政区划”吗？')).closest(
      '.ant-popover',
    ) as HTMLElement;
    fireEvent.click(within(popconfirm).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText(inUse)).toBeTruthy();
  });
});

describe('/system/styleTemplate', () => {
  it('needs a name and a title field, previews the card and creates the template', async () => {
    const { callsTo } = renderAsRole('D', '/system/styleTemplate', {
      'GET /ks/config/style-templates': ok([]),
      'POST /ks/config/style-templates': ({ body }) =>
        ok({ id: makeRecordId(), version: 1, updatedAt: '2026-11-29T00:00:00Z', ...(body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: '新增样式模板' }));
    const dialog = modalOf(await screen.findByText('新增样式模板', { selector: '.ant-modal-title' }));
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('请输入样式模板名称')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('模板名称'), { target: { value: '大标题' } });
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('请选择标题字段')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('标题字段'), { target: { value: 'xm_name' } });
    expect(within(dialog).getByText('【xm_name】')).toBeTruthy();
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(callsTo('POST /ks/config/style-templates')[0]?.body).toEqual({
      name: '大标题',
      style: { titleKey: 'xm_name', titleFontSize: 16, titleFontStyle: 'bold', width: '100%', contents: [] },
    });
  });

  it('refuses other roles, administrators too (the server keeps style templates to developers)', async () => {
    renderAsRole('U', '/system/styleTemplate', {});
    expect(await screen.findByText('样式模板仅限开发人员使用')).toBeTruthy();
  });
});
