import { loginWithApi } from './api.ts';

type Envelope<T> = { code: number; data: T; message: string };

/**
 * One signed-in account talking to the server over HTTP, the way the browser does: a bearer token,
 * JSON bodies, the platform's envelope. Calls throw with the server's message unless it answers 200,
 * so a setup step that the server refuses fails the scenario where it happens.
 */
export class ApiSession {
  private constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async logIn(baseUrl: string, account: string, password: string): Promise<ApiSession> {
    return new ApiSession(baseUrl, await loginWithApi(baseUrl, account, password));
  }

  /** The same session talking to another instance of one deployment (sessions are shared). */
  on(baseUrl: string): ApiSession {
    return new ApiSession(baseUrl, this.token);
  }

  /** A GET of raw bytes (a download) with this session's token. */
  async download(path: string): Promise<{ status: number; bytes: Uint8Array }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: object | FormData; query?: Record<string, string> } = {},
  ): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    // A FormData body is multipart: fetch sets its content type with the boundary.
    const isJson = options.body !== undefined && !(options.body instanceof FormData);
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(isJson ? { 'content-type': 'application/json' } : {}),
      },
      body:
        options.body instanceof FormData ? options.body : isJson ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    }
    if (envelope.code !== 200) {
      throw new Error(`${method} ${path}: ${envelope.message} ${JSON.stringify(envelope.data ?? null)}`);
    }
    return envelope.data;
  }

  get<T>(path: string, query?: Record<string, string>) {
    return this.call<T>('GET', path, { query });
  }

  post<T>(path: string, body: object | FormData) {
    return this.call<T>('POST', path, { body });
  }

  put<T>(path: string, body: object) {
    return this.call<T>('PUT', path, { body });
  }

  /** A JSON POST whose refusal is the answer a test wants: the HTTP status and the envelope's code and message. */
  async refusal(path: string, body: object): Promise<{ status: number; code: number; message: string }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as Envelope<unknown>;
    return { status: response.status, code: envelope.code, message: envelope.message };
  }
}

/** A live administrator as reviewer pickers list them. */
export type ReviewerRef = { id: string; userName: string; account: string };

/** Finds a live administrator by account through the builder's reviewer picker. */
export async function reviewerByAccount(developer: ApiSession, account: string): Promise<ReviewerRef> {
  const reviewers = await developer.get<ReviewerRef[]>('/ks/authority/audit/reviewers', { keyword: account });
  const found = reviewers.find((reviewer) => reviewer.account === account);
  if (!found) throw new Error(`no administrator with account ${account}`);
  return found;
}

/**
 * Builds a system with one dynamic-list node as a developer does in the builder: the system, the
 * node, the draft definition over the version loaded, then (optionally) the node's function grants
 * and menu roles, then publish. Answers the codes and the node's id.
 */
export async function buildPublishedNode(
  developer: ApiSession,
  options: {
    systemCoding: string;
    systemName: string;
    /** The system's short name (at most 8 characters). */
    systemTitle: string;
    gnCoding: string;
    title: string;
    definition: object;
    authority?: {
      grants: { functionCode: string; roles: string[]; orgIds?: string[] }[];
      visibleRoles: string[];
    };
  },
) {
  await developer.post('/ks/config/new/structure/add', {
    systemName: options.systemName,
    title: options.systemTitle,
    gnCoding: options.systemCoding,
    levels: '0',
  });
  const node = await developer.post<{ id: string; gnCoding: string }>('/ks/config/new/structure/child-menu', {
    systemCoding: options.systemCoding,
    parentId: null,
    title: options.title,
    nodeProperties: 'dynamicList',
    gnCoding: options.gnCoding,
  });
  const draft = await developer.get<{ version: number }>('/ks/config/new/node/previews', { nodeId: node.id });
  await developer.post('/ks/config/new/node/update-preview', {
    nodeId: node.id,
    definition: options.definition,
    version: draft.version,
  });
  if (options.authority) {
    const current = await developer.get<{ version: number }>('/ks/authority/v1/node/functions', {
      nodeId: node.id,
    });
    await developer.put('/ks/authority/v1/node/save-functions', {
      nodeId: node.id,
      grants: options.authority.grants.map((grant) => ({ orgIds: [], ...grant })),
      visibleRoles: options.authority.visibleRoles,
      version: current.version,
    });
  }
  await developer.post('/ks/config/new/node/publish', { nodeId: node.id });
  return { systemCoding: options.systemCoding, gnCoding: node.gnCoding, nodeId: node.id };
}
