/** The demo's cost project (the bid-document demo adds its documents to it, through public.ts). */
export const DEMO_COST_PROJECT = {
  code: 'KS-ZJ-2026-018',
  name: '城东实验小学教学楼新建工程（演示）',
  region: '330000',
} as const;

/** The demo project's approved estimate (批准的概算), above its control price of 2,472,127.05 (C18). */
export const DEMO_APPROVED_ESTIMATE = '2600000.00';
