import type { NodeDefinitionInput, WireRecord } from '@ks/contract';
import { DEMO_REGIONS } from './regions.ts';
import { type DemoAttachment, type DemoNode, type DemoRecord, type DemoSystem, labelled } from './types.ts';

/**
 * 场地预约 (venue reservation): the trading centre's rooms and the reservations enterprises make
 * for bid openings, evaluations and meetings, reviewed by the venue administrator. The rooms are
 * master data in the administrators' menu; the reservation form picks them from a dictionary.
 */

export const VENUE_SYSTEM_CODING = 'DEMO_CDYY';
export const VENUE_NODE = 'CDYY_CDXX';
export const RESERVATION_NODE = 'CDYY_YYSQ';
/** The reservation node's chart of reservations per venue. */
export const RESERVATION_CHART_BY_VENUE = 'reservations_by_venue';

const VENUES = labelled('开标一室', '开标二室', '评标一室', '评标二室', '多功能会议室');
const EQUIPMENT = labelled('投影仪', '录音录像', '视频会议', '电子白板', '手机信号屏蔽');
const TIME_SLOTS = labelled('上午（08:30-12:00）', '下午（13:30-17:30）', '全天');

export const VENUE_DEFINITION: NodeDefinitionInput = {
  form: {
    items: [
      {
        code: 'venue_name',
        name: '场地名称',
        type: 'select',
        required: '1',
        source: { kind: 'dictionary', code: 'cdyy_venue' },
      },
      {
        code: 'venue_type',
        name: '场地类型',
        type: 'radio',
        required: '1',
        options: { list: labelled('开标室', '评标室', '会议室') },
      },
      {
        code: 'region',
        name: '所在地区',
        type: 'cascader',
        required: '1',
        source: { kind: 'value-range', code: DEMO_REGIONS.code },
      },
      { code: 'address', name: '详细地址', type: 'text', required: '1', length: 100 },
      { code: 'capacity', name: '容纳人数', type: 'input-number', required: '1' },
      { code: 'facilities', name: '配套设施', type: 'checkbox', col: 24, options: { list: EQUIPMENT } },
      { code: 'open_date', name: '启用日期', type: 'date' },
      { code: 'is_open', name: '开放预约', type: 'switch', tips: '关闭后该场地暂停接受预约' },
      { code: 'remark', name: '场地说明', type: 'textarea', col: 24, length: 300 },
    ],
  },
  list: {
    columns: [
      { code: 'venue_name', name: '场地名称', isSearch: true },
      { code: 'venue_type', name: '场地类型' },
      { code: 'region', name: '所在地区' },
      { code: 'address', name: '详细地址', width: 220 },
      { code: 'capacity', name: '容纳人数', listAlignment: 'right', sortable: true },
      { code: 'facilities', name: '配套设施', width: 220 },
      { code: 'is_open', name: '开放预约', type: 'switch', listAlignment: 'center' },
      { code: 'operations', name: '操作', type: 'operations' },
    ],
    sortField: 'capacity',
    sortOrder: 'desc',
  },
  charts: [
    {
      id: 'capacity_by_type',
      title: '各类场地容纳人数',
      kind: 'pie',
      dimension: 'venue_type',
      measure: 'sum',
      measureField: 'capacity',
    },
  ],
  functions: ['save', 'delete', 'export', 'view'],
};

export const RESERVATION_DEFINITION: NodeDefinitionInput = {
  form: {
    groups: [
      { groupNumber: '1', name: '预约信息' },
      { groupNumber: '2', name: '联系人' },
    ],
    items: [
      {
        code: 'project_name',
        name: '项目名称',
        type: 'text',
        required: '1',
        col: 24,
        length: 100,
        groupNumber: '1',
      },
      {
        code: 'venue',
        name: '预约场地',
        type: 'select',
        required: '1',
        source: { kind: 'dictionary', code: 'cdyy_venue' },
        groupNumber: '1',
      },
      {
        code: 'purpose',
        name: '用途',
        type: 'radio',
        required: '1',
        options: { list: labelled('开标', '评标', '谈判', '会议') },
        groupNumber: '1',
      },
      {
        code: 'reserve_dates',
        name: '预约日期',
        type: 'daterange',
        required: '1',
        minDate: '2026-01-01',
        groupNumber: '1',
      },
      {
        code: 'time_slot',
        name: '预约时段',
        type: 'select',
        required: '1',
        options: { list: TIME_SLOTS },
        groupNumber: '1',
      },
      { code: 'people_count', name: '参会人数', type: 'input-number', required: '1', groupNumber: '1' },
      {
        code: 'need_equipment',
        name: '需要设备',
        type: 'switch-1',
        childNode: 'equipment',
        groupNumber: '1',
        tips: '打开后选择需要的设备',
      },
      {
        code: 'equipment',
        name: '设备清单',
        type: 'checkbox',
        show: false,
        col: 24,
        options: { list: EQUIPMENT },
        groupNumber: '1',
      },
      { code: 'contact_name', name: '联系人', type: 'text', required: '1', length: 20, groupNumber: '2' },
      {
        code: 'contact_phone',
        name: '联系电话',
        type: 'text',
        required: '1',
        regex: '^1\\d{10}$',
        showPrompt: '请输入11位手机号码',
        groupNumber: '2',
      },
      { code: 'remark', name: '备注', type: 'textarea', col: 24, length: 500, groupNumber: '2' },
    ],
  },
  list: {
    columns: [
      { code: 'project_name', name: '项目名称', isSearch: true, width: 220 },
      { code: 'venue', name: '预约场地', isSearch: true },
      { code: 'purpose', name: '用途', listAlignment: 'center' },
      { code: 'reserve_dates', name: '预约日期', width: 200 },
      { code: 'time_slot', name: '预约时段' },
      { code: 'people_count', name: '参会人数', listAlignment: 'right', sortable: true },
      { code: 'contact_name', name: '联系人', isSearch: true },
      { code: 'contact_phone', name: '联系电话' },
      { code: 'status', name: '状态', type: 'status', isStatus: true, listAlignment: 'center' },
      { code: 'audit_state', name: '审核流程', type: 'auditFlow', listAlignment: 'center' },
      { code: 'operations', name: '操作', type: 'operations', width: 220 },
    ],
    filters: [
      {
        displayCode: 'cdyy_reservation_filter',
        displayList: [
          { name: '预约场地', code: 'venue', type: 'select' },
          { name: '用途', code: 'purpose', type: 'select' },
          { name: '预约时段', code: 'time_slot', type: 'select' },
          { name: '预约日期', code: 'reserve_dates', type: 'daterange' },
        ],
      },
    ],
    sortField: 'created_at',
    sortOrder: 'desc',
  },
  charts: [
    {
      id: RESERVATION_CHART_BY_VENUE,
      title: '各场地预约次数',
      kind: 'bar',
      dimension: 'venue',
      measure: 'count',
    },
    {
      id: 'people_by_purpose',
      title: '各用途参会人数',
      kind: 'pie',
      dimension: 'purpose',
      measure: 'sum',
      measureField: 'people_count',
    },
  ],
  functions: ['save', 'submit', 'audit', 'revoke', 'delete', 'export', 'view'],
};

const venue = (
  name: string,
  type: string,
  address: string,
  capacity: number,
  facilities: string[],
  remark: string,
): DemoRecord => ({
  owner: 'admin',
  state: 'draft',
  values: {
    venue_name: name,
    venue_type: type,
    region: '江苏省/南京市',
    address,
    capacity,
    facilities: facilities.join(';'),
    open_date: '2026-01-05',
    is_open: true,
    remark,
  },
});

type Reservation = {
  project: string;
  venue: string;
  purpose: string;
  from: string;
  to?: string;
  slot: string;
  people: number;
  equipment?: string[];
  contact: string;
  phone: string;
};
const reservation = (r: Reservation): WireRecord => ({
  project_name: r.project,
  venue: r.venue,
  purpose: r.purpose,
  reserve_dates: `${r.from},${r.to ?? r.from}`,
  time_slot: r.slot,
  people_count: r.people,
  need_equipment: r.equipment !== undefined,
  ...(r.equipment ? { equipment: r.equipment.join(';') } : {}),
  contact_name: r.contact,
  contact_phone: r.phone,
  remark: '',
});

/** The booking form's annex slots: the agenda is required, the attendee list optional. */
export const RESERVATION_ANNEX_SLOTS: NonNullable<DemoNode['annexSlots']> = [
  {
    annexNo: 'hyyc',
    annexName: '会议议程',
    annexFormat: ['pdf', 'docx'],
    annexSize: 10,
    isRequired: true,
    annexCount: 1,
    description: '开标、评标或会议的议程安排',
    sort: 1,
  },
  {
    annexNo: 'chmd',
    annexName: '参会人员名单',
    annexFormat: ['xlsx', 'pdf'],
    annexSize: 10,
    isRequired: false,
    annexCount: 1,
    description: '参会单位及人员，便于现场签到',
    sort: 2,
  },
];

const agenda: DemoAttachment[] = [
  { annexNo: 'hyyc', asset: 'demo-meeting-agenda.pdf', fileName: '会议议程（演示）.pdf' },
];

export const VENUE_RESERVATION_SYSTEM: DemoSystem = {
  systemName: '场地预约系统（演示）',
  title: '场地预约',
  gnCoding: VENUE_SYSTEM_CODING,
  dictionaries: [{ code: 'cdyy_venue', name: '交易中心场地（演示）', items: VENUES }],
  valueRanges: [DEMO_REGIONS],
  auditOrgs: [],
  nodes: [
    {
      gnCoding: VENUE_NODE,
      title: '场地信息',
      nodeProperties: 'dynamicList',
      icon: 'BankOutlined',
      roles: ['M'],
      definition: VENUE_DEFINITION,
      grants: { M: ['save', 'delete', 'export', 'view'] },
      records: [
        venue(
          '开标一室',
          '开标室',
          '南京市建邺区江东中路268号3楼301',
          40,
          ['投影仪', '录音录像', '手机信号屏蔽'],
          '配备电子开标系统与唱标屏。',
        ),
        venue(
          '开标二室',
          '开标室',
          '南京市建邺区江东中路268号3楼305',
          30,
          ['投影仪', '录音录像'],
          '适合中小型项目开标。',
        ),
        venue(
          '评标一室',
          '评标室',
          '南京市建邺区江东中路268号5楼501',
          15,
          ['录音录像', '手机信号屏蔽'],
          '封闭评标区，专家凭证进入。',
        ),
        venue(
          '评标二室',
          '评标室',
          '南京市建邺区江东中路268号5楼506',
          12,
          ['录音录像', '电子白板', '手机信号屏蔽'],
          '封闭评标区，支持远程异地评标。',
        ),
        venue(
          '多功能会议室',
          '会议室',
          '南京市建邺区江东中路268号2楼201',
          80,
          ['投影仪', '视频会议', '电子白板'],
          '可用于招标答疑会和项目推介会。',
        ),
      ],
    },
    {
      gnCoding: RESERVATION_NODE,
      title: '预约申请',
      nodeProperties: 'dynamicList',
      icon: 'ProjectOutlined',
      roles: ['M', 'U'],
      definition: RESERVATION_DEFINITION,
      annexSlots: RESERVATION_ANNEX_SLOTS,
      audit: [{ level: 1, name: '场地管理员审核', way: 'single', reviewer: 'admin' }],
      grants: {
        M: ['save', 'submit', 'audit', 'revoke', 'delete', 'export', 'view'],
        U: ['save', 'submit', 'revoke', 'delete', 'export', 'view'],
      },
      records: [
        {
          owner: 'enterprise',
          state: 'approved',
          attachments: agenda,
          values: reservation({
            project: '南京市江北新区市政道路改造工程施工招标',
            venue: '开标一室',
            purpose: '开标',
            from: '2026-11-25',
            slot: '上午（08:30-12:00）',
            people: 25,
            equipment: ['投影仪', '录音录像'],
            contact: '王敏',
            phone: '13951000001',
          }),
        },
        {
          owner: 'enterprise',
          state: 'approved',
          attachments: agenda,
          values: reservation({
            project: '南京市江北新区市政道路改造工程施工招标',
            venue: '评标一室',
            purpose: '评标',
            from: '2026-11-25',
            to: '2026-11-26',
            slot: '全天',
            people: 9,
            contact: '王敏',
            phone: '13951000001',
          }),
        },
        {
          owner: 'enterprise',
          state: 'submitted',
          attachments: agenda,
          values: reservation({
            project: '苏州工业园区学校扩建项目监理招标',
            venue: '开标二室',
            purpose: '开标',
            from: '2026-12-02',
            slot: '下午（13:30-17:30）',
            people: 18,
            contact: '李强',
            phone: '13951000002',
          }),
        },
        {
          owner: 'enterprise',
          state: 'submitted',
          attachments: agenda,
          values: reservation({
            project: '无锡市污水处理厂提标改造工程设计招标',
            venue: '开标一室',
            purpose: '开标',
            from: '2026-12-03',
            slot: '上午（08:30-12:00）',
            people: 22,
            equipment: ['投影仪'],
            contact: '赵磊',
            phone: '13951000003',
          }),
        },
        {
          owner: 'enterprise',
          state: 'rejected',
          attachments: agenda,
          advice: '该时段评标二室已安排远程异地评标，请改约评标一室或其他日期',
          values: reservation({
            project: '常州市保障性住房项目施工总承包招标',
            venue: '评标二室',
            purpose: '评标',
            from: '2026-11-28',
            slot: '全天',
            people: 7,
            contact: '陈静',
            phone: '13951000004',
          }),
        },
        {
          owner: 'enterprise',
          state: 'draft',
          values: reservation({
            project: '2026年度招标代理机构业务培训会',
            venue: '多功能会议室',
            purpose: '会议',
            from: '2026-12-10',
            slot: '下午（13:30-17:30）',
            people: 60,
            equipment: ['投影仪', '视频会议'],
            contact: '周洋',
            phone: '13951000005',
          }),
        },
      ],
    },
  ],
};
