/**
 * The order node that the records benchmark and the soak build through the builder's calls: the same
 * definition, so a figure of one can be read next to the other's.
 */

export const ORDER_STATUSES = [
  ['pending', '待付款'],
  ['paid', '已付款'],
  ['shipped', '已发货'],
  ['done', '已完成'],
  ['cancelled', '已取消'],
] as const;

/** The filter of the measured list: paid orders of more than 50 pieces. */
export const ORDER_FILTER = { status: 'paid', quantityGt: 50 } as const;

/** ORDER_FILTER as the list call's `where`. */
export const ORDER_WHERE = {
  op: 'and',
  children: [
    { field: 'order_status', operator: 'eq', value: ORDER_FILTER.status },
    { field: 'quantity', operator: 'gt', value: ORDER_FILTER.quantityGt },
  ],
};

/** The order node as a developer configures it: searchable, sortable and filter fields get indexes at publish. */
export const ORDER_DEFINITION = {
  form: {
    items: [
      { code: 'title', name: '订单标题', type: 'text', required: '1' },
      { code: 'customer', name: '客户', type: 'text', required: '1' },
      { code: 'quantity', name: '数量', type: 'input-number', required: '1' },
      { code: 'amount', name: '金额', type: 'number' },
      {
        code: 'order_status',
        name: '订单状态',
        type: 'select',
        required: '1',
        options: { list: ORDER_STATUSES.map(([value, label]) => ({ label, value })) },
      },
      { code: 'order_date', name: '下单时间', type: 'datetime' },
      { code: 'paid', name: '已付款', type: 'switch' },
      { code: 'note', name: '备注', type: 'textarea' },
    ],
  },
  list: {
    columns: [
      { code: 'title', name: '订单标题', isSearch: true },
      { code: 'customer', name: '客户' },
      { code: 'quantity', name: '数量', sortable: true, listAlignment: 'right' },
      { code: 'amount', name: '金额', sortable: true, listAlignment: 'right' },
      { code: 'order_status', name: '订单状态', isSearch: true },
      { code: 'order_date', name: '下单时间', sortable: true },
      { code: 'paid', name: '已付款', type: 'switch' },
      { code: 'created_at', name: '创建时间', sortable: true },
    ],
    filters: [
      {
        displayCode: 'order_filter',
        displayList: [
          { name: '订单状态', code: 'order_status', type: 'select' },
          { name: '数量', code: 'quantity', type: 'text' },
        ],
      },
    ],
    sortField: 'created_at',
    sortOrder: 'desc',
  },
  functions: ['save', 'submit', 'delete', 'export', 'view'],
};
