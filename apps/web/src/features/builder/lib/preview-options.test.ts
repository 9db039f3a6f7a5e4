import { type FormItem, FormItemSchema } from '@ks/contract/form-schema';
import { describe, expect, it } from 'vitest';
import { previewOptionLoader } from './preview-options.ts';

const item = (input: Record<string, unknown>): FormItem => FormItemSchema.parse(input);
const province = item({
  code: 'province',
  name: '省份',
  type: 'select',
  options: {
    list: [
      { label: '江苏', value: 'js', children: [{ label: '南京', value: 'nj' }] },
      { label: '浙江', value: 'zj', children: [{ label: '杭州', value: 'hz' }] },
    ],
  },
});
const city = item({ code: 'city', name: '城市', type: 'select-link', parentNode: 'province' });

describe('previewOptionLoader', () => {
  it('narrows a child under its parent’s value, as the published form’s pull-down does', async () => {
    const load = previewOptionLoader([province, city]);
    expect((await load(city, 'js')).map((option) => option.value)).toEqual(['nj']);
    expect(await load(city, undefined)).toEqual([]);
    const several = previewOptionLoader([{ ...province, type: 'select-m' }, city]);
    expect((await several(city, 'js;zj')).map((option) => option.value)).toEqual(['nj', 'hz']);
  });
});
