import { NODE_ACCESS_DENIED_MESSAGE, type NodeDefinitionInput, RECORD_CHANGE_PATHS } from '@ks/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishedNode } from '../../../test/builder-fixtures.ts';
import { createUser, loginAs, type TestApp, useTestApp } from '../../../test/helper.ts';

const getApp = useTestApp();

/** A form with a select, a cascade and a filter card, so every definition call has something to answer. */
const DEFINITION: NodeDefinitionInput = {
  form: {
    items: [
      { code: 'title', name: '项目名称', type: 'text', required: '1' },
      {
        code: 'category',
        name: '类别',
        type: 'select',
        options: {
          list: [
            { label: '房建', value: 'fj' },
            { label: '市政', value: 'sz' },
          ],
        },
      },
      {
        code: 'region',
        name: '地区',
        type: 'cascader',
        options: { list: [{ label: '江苏', value: 'js', children: [{ label: '南京', value: 'nj' }] }] },
      },
    ],
  },
  list: {
    columns: [
      { code: 'title', name: '项目名称' },
      { code: 'category', name: '类别' },
    ],
    filters: [{ displayCode: 'f1', displayList: [{ name: '类别', code: 'category', type: 'select' }] }],
  },
  functions: ['save', 'submit', 'audit', 'view', 'export'],
  allowChangeAfterApproval: true,
};

type Request = { method: 'GET' | 'POST'; url: string; payload?: object; query?: Record<string, string> };

/**
 * Every call that answers a node's definition (form, columns, filters, buttons, options), each
 * with why it is here. A new call of that kind belongs in this list, so that it is refused to
 * whoever may not use the node like the rest.
 */
function definitionCalls(ref: { systemCoding: string; gnCoding: string }, recordId: string): Request[] {
  return [
    // The published definition itself, as the runtime pages render it (the first one guarded).
    { method: 'GET', url: '/ks/config/node/published', query: ref },
    // The list page's columns: codes, names and types of the node's fields.
    { method: 'POST', url: '/ks/common/common/table/columns', payload: ref },
    // The form without a record (the 新增 form): every item, its options, rules and the audit levels.
    { method: 'POST', url: '/ks/info/v1/form/details', payload: ref },
    // A filter card's items with their options.
    {
      method: 'POST',
      url: '/ks/array/filter/directory/filter-fields',
      payload: { ...ref, displayCode: 'f1' },
    },
    // A select's options.
    { method: 'POST', url: '/ks/common/common/pull-down', payload: { ...ref, displayCode: 'category' } },
    // A cascade's option tree.
    { method: 'POST', url: '/ks/common/common/cert-cascade', payload: { ...ref, displayCode: 'region' } },
    // The node's functions as toolbar and form buttons.
    { method: 'POST', url: '/ks/common/buttons/table-button', payload: ref },
    { method: 'POST', url: '/ks/common/buttons/form-button', payload: ref },
    // Change requests: the cascader of the form's groups and fields, and a record's changeable
    // fields with their schema and its change rounds.
    { method: 'POST', url: RECORD_CHANGE_PATHS.typeTree, payload: ref },
    { method: 'POST', url: RECORD_CHANGE_PATHS.fields, payload: { ...ref, id: recordId } },
    { method: 'POST', url: RECORD_CHANGE_PATHS.list, payload: { ...ref, businessId: recordId } },
  ];
}

describe('the definition of a node only its users may use', () => {
  let app: TestApp;
  let calls: Request[];
  let admin: Record<string, string>;

  beforeAll(async () => {
    app = getApp();
    const developer = (await loginAs(app, await createUser(app, 'D'))).headers;
    const { systemCoding, gnCoding, node } = await publishedNode(app, developer, DEFINITION);
    // Administrators only: every function granted to role M, none to enterprises or personnel.
    const grants = await app.inject({
      method: 'PUT',
      url: '/ks/authority/v1/node/save-functions',
      headers: developer,
      payload: {
        nodeId: node.id,
        version: 0,
        grants: DEFINITION.functions?.map((functionCode) => ({ functionCode, roles: ['M'], orgIds: [] })),
        visibleRoles: ['M'],
      },
    });
    expect(grants.json().code).toBe(200);
    admin = (await loginAs(app, await createUser(app, 'M'))).headers;
    const saved = await app.inject({
      method: 'POST',
      url: '/ks/monitor/save',
      headers: admin,
      payload: { systemCoding, gnCoding, values: { title: '管理员的记录', category: 'fj' } },
    });
    expect(saved.json().code).toBe(200);
    calls = definitionCalls({ systemCoding, gnCoding }, saved.json().data.id);
  });

  const answer = (request: Request, headers: Record<string, string>) =>
    app.inject({ ...request, payload: request.payload as never, headers });

  it('refuses each definition call to an enterprise account with no function on the node: 无权访问该功能', async () => {
    const enterprise = (await loginAs(app, await createUser(app, 'U'))).headers;
    // Every call's answer at once, so that a failure names all the calls that leak, not the first.
    const answers = [];
    for (const request of calls) {
      const response = await answer(request, enterprise);
      answers.push({
        call: `${request.method} ${request.url}`,
        status: response.statusCode,
        body: response.json(),
      });
    }
    const refused = { status: 403, body: { code: 403, message: NODE_ACCESS_DENIED_MESSAGE, data: null } };
    expect(answers).toEqual(
      calls.map((request) => ({ call: `${request.method} ${request.url}`, ...refused })),
    );
  });

  it('answers each definition call to an administrator, who may use the node', async () => {
    const codes = [];
    for (const request of calls) codes.push(`${request.url} ${(await answer(request, admin)).json().code}`);
    expect(codes).toEqual(calls.map((request) => `${request.url} 200`));
    const form = await answer(calls[2] as Request, admin);
    expect(form.json().data.items.map((item: { code: string }) => item.code)).toEqual([
      'title',
      'category',
      'region',
    ]);
  });
});
