import type { FormItem } from '@ks/contract/form-schema';
import { describe, expect, it } from 'vitest';
import { makeRecordId } from '@/test/factories.ts';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { optionLoaderFor } from './find-options.ts';

const node = { systemCoding: 'sys', gnCoding: 'gn' };
const cascader = { code: 'area', name: '区域', type: 'cascader' } as FormItem;

describe('optionLoaderFor', () => {
  it('reads a cascader’s whole tree without a parent, and only the branch under its parent’s value', async () => {
    const calls: string[] = [];
    mockFetch({
      'POST /ks/common/common/cert-cascade': () => {
        calls.push('cert-cascade');
        return ok({ code: 'area', data: [{ label: '江苏', value: 'js', children: [] }] });
      },
      'POST /ks/common/common/pull-down': ({ body }) => {
        calls.push(`pull-down ${(body as { key?: string }).key}`);
        return ok({
          result: {
            list: [{ label: '南京', value: 'nj', children: [{ label: '玄武', value: 'xw' }] }],
            labelKey: 'label',
            valueKey: 'value',
          },
        });
      },
    });
    const load = optionLoaderFor(node);
    expect((await load(cascader, undefined)).map((option) => option.value)).toEqual(['js']);
    const under = await load({ ...cascader, parentNode: 'province' } as FormItem, 'js');
    expect(under).toEqual([{ label: '南京', value: 'nj', children: [{ label: '玄武', value: 'xw' }] }]);
    expect(calls).toEqual(['cert-cascade', 'pull-down js']);
  });

  it('names the record being edited in both calls, so a module may offer per record', async () => {
    const ids: (string | undefined)[] = [];
    mockFetch({
      'POST /ks/common/common/cert-cascade': ({ body }) => {
        ids.push((body as { id?: string }).id);
        return ok({ code: 'area', data: [] });
      },
      'POST /ks/common/common/pull-down': ({ body }) => {
        ids.push((body as { id?: string }).id);
        return ok({ result: { list: [], labelKey: 'label', valueKey: 'value' } });
      },
    });
    const recordId = '0b8a4a8e-2f6d-4c53-9a55-0a6f3c1f7e21';
    await optionLoaderFor(node, { recordId })(cascader, undefined);
    await optionLoaderFor(node, { recordId })({ ...cascader, type: 'select' } as FormItem, undefined);
    await optionLoaderFor(node)({ ...cascader, type: 'select' } as FormItem, undefined);
    expect(ids).toEqual([recordId, recordId, undefined]);
  });

  it('names the enterprise a new record is entered for in both calls (decision 0060), not on a saved one', async () => {
    const owners: (string | undefined)[] = [];
    mockFetch({
      'POST /ks/common/common/cert-cascade': ({ body }) => {
        owners.push((body as { ownerUserId?: string }).ownerUserId);
        return ok({ code: 'area', data: [] });
      },
      'POST /ks/common/common/pull-down': ({ body }) => {
        owners.push((body as { ownerUserId?: string }).ownerUserId);
        return ok({ result: { list: [], labelKey: 'label', valueKey: 'value' } });
      },
    });
    const ownerUserId = '5d7b4c2a-9e8f-4123-8456-0a6f3c1f7e21';
    await optionLoaderFor(node, { ownerUserId })(cascader, undefined);
    await optionLoaderFor(node, { ownerUserId })({ ...cascader, type: 'select' } as FormItem, undefined);
    // A saved record's own owner counts on the server: the form sends its id only.
    await optionLoaderFor(node, { recordId: makeRecordId(), ownerUserId })(cascader, undefined);
    expect(owners).toEqual([ownerUserId, ownerUserId, undefined]);
  });
});
