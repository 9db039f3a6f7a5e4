import type { DemoValueRange } from './types.ts';

const cities = (province: string, names: string[]) => ({
  label: province,
  value: province,
  children: names.map((name) => ({ label: name, value: name })),
});

/** 省/市 value range both demo systems cascade through (values are the names, so lists read as they are). */
export const DEMO_REGIONS: DemoValueRange = {
  code: 'demo_region',
  name: '省市（演示）',
  tree: [
    cities('江苏省', ['南京市', '苏州市', '无锡市', '常州市', '南通市', '徐州市']),
    cities('浙江省', ['杭州市', '宁波市', '温州市', '绍兴市']),
    cities('安徽省', ['合肥市', '芜湖市', '蚌埠市']),
  ],
};
