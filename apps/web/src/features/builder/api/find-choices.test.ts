import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '@/test/fetch-mock.ts';
import { loadDictionaryOptions, loadValueRangeOptions } from './find-choices.ts';

describe('option loaders of the live form preview', () => {
  it('read the dictionary pull-down and the value-range tree in the shapes the server answers', async () => {
    const tree = [{ label: '江苏', value: '32', children: [{ label: '南京', value: '3201' }] }];
    const calls: unknown[] = [];
    mockFetch({
      'POST /ks/base/dictionary/config/dic/pull-down': ({ body }) => {
        calls.push(body);
        return ok({ list: [{ label: '房建', value: 'fj' }], labelKey: 'label', valueKey: 'value' });
      },
      'POST /ks/node/field/value-range': ({ body }) => {
        calls.push(body);
        return ok(tree);
      },
    });
    expect(await loadDictionaryOptions('xmlx')).toEqual([{ label: '房建', value: 'fj' }]);
    expect(await loadValueRangeOptions('region')).toEqual(tree);
    expect(calls).toEqual([{ code: 'xmlx' }, { code: 'region' }]);
  });
});
