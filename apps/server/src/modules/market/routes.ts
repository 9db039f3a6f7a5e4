import {
  BranchListEnvelopeSchema,
  CertificateEnvelopeSchema,
  CertificateListEnvelopeSchema,
  CertificatesQuerySchema,
  ClaimAnswerEnvelopeSchema,
  CompanyInfoEnvelopeSchema,
  ConfirmIdNumberBodySchema,
  ContactListBodySchema,
  ContactListResponseSchema,
  CreateCertificateBodySchema,
  DecideIdentityClaimBodySchema,
  DecideTransferBodySchema,
  DeleteCertificateQuerySchema,
  EmptyEnvelopeSchema,
  EnterpriseExportQuerySchema,
  EnterpriseListEnvelopeSchema,
  EnterpriseListQuerySchema,
  EnterpriseQuerySchema,
  EnterpriseStateBodySchema,
  EnterpriseStateEnvelopeSchema,
  IdentityClaimEnvelopeSchema,
  IdentityClaimListEnvelopeSchema,
  IdentityClaimListQuerySchema,
  IdentityStateEnvelopeSchema,
  LinkIdNumberBodySchema,
  MARKET_MESSAGES,
  MARKET_PATHS,
  ManagedPersonEnvelopeSchema,
  ManagedPersonnelEnvelopeSchema,
  ManagedPersonnelExportQuerySchema,
  ManagedPersonnelQuerySchema,
  ManagedPersonQuerySchema,
  PersonnelListEnvelopeSchema,
  PersonnelListQuerySchema,
  PracticeAreaEnvelopeSchema,
  PracticeAreasBodySchema,
  RefuseTransferBodySchema,
  ReleaseTransferBodySchema,
  RequestTransferBodySchema,
  TransactEnvelopeSchema,
  TransferEnvelopeSchema,
  TransferListEnvelopeSchema,
  TransferListQuerySchema,
  UpdateCertificateBodySchema,
  WithdrawTransferBodySchema,
} from '@ks/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { MarketAdminService } from './admin.ts';
import type { CertificateService } from './certificates.ts';
import type { IdentityService } from './identity.ts';
import type { MarketService } from './service.ts';
import type { TransferService } from './transfers.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A workbook built whole before the headers go out (an export never fails after them). */
const sendXlsx = (reply: FastifyReply, { fileName, buffer }: { fileName: string; buffer: Buffer }) =>
  reply
    .header('content-type', XLSX)
    .header(
      'content-disposition',
      `attachment; filename="${encodeURIComponent(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'private, no-store')
    .send(buffer);

const admins = { access: { roles: ['M'] as const } };
/** An enterprise's own information, or any enterprise's for administrators. */
const enterprisesAndAdmins = { access: { roles: ['M', 'U'] as const } };

/**
 * The market routes (`/ks/basic` enterprise lookups and `/ks/individual/practice-area`,
 * and the contact list).
 */
export const marketRoutes: FastifyPluginAsyncZod<{
  market: MarketService;
  admin: MarketAdminService;
  certificates: CertificateService;
  transfers: TransferService;
  identity: IdentityService;
}> = async (app, { market, admin, certificates, transfers, identity }) => {
  const tags = ['market'];

  // ————— a registration's further certificates (decision 0059) —————
  app.get(
    MARKET_PATHS.certificates,
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '注册人员的其他注册证书',
        querystring: CertificatesQuerySchema,
        response: { 200: CertificateListEnvelopeSchema },
      },
    },
    async (request) => ok(await certificates.list(currentUser(request), request.query.personId)),
  );
  app.post(
    MARKET_PATHS.certificates,
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '新增注册证书',
        body: CreateCertificateBodySchema,
        response: { 200: CertificateEnvelopeSchema },
      },
    },
    async (request) => ok(await certificates.create(currentUser(request), request.body, request.ip)),
  );
  app.put(
    MARKET_PATHS.certificates,
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '修改注册证书',
        body: UpdateCertificateBodySchema,
        response: { 200: CertificateEnvelopeSchema },
      },
    },
    async (request) => ok(await certificates.update(currentUser(request), request.body, request.ip)),
  );
  app.delete(
    MARKET_PATHS.certificates,
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '删除注册证书',
        querystring: DeleteCertificateQuerySchema,
        response: { 200: EmptyEnvelopeSchema },
      },
    },
    async (request) => {
      await certificates.remove(currentUser(request), request.query, request.ip);
      return ok(null, '删除成功');
    },
  );

  // ————— transfers between enterprises (转注册, decision 0059) —————
  app.get(
    MARKET_PATHS.transfers,
    {
      config: { access: { roles: ['M', 'U', 'P'] as const } },
      schema: {
        tags,
        summary: '转注册申请（企业：本企业转入或转出的；个人：本人的；管理员：全部）',
        querystring: TransferListQuerySchema,
        response: { 200: TransferListEnvelopeSchema },
      },
    },
    async (request) => ok(await transfers.list(currentUser(request), request.query)),
  );
  app.post(
    MARKET_PATHS.transfers,
    {
      config: { access: { roles: ['U'] as const } },
      schema: {
        tags,
        summary: '申请转入在其他企业注册的人员',
        body: RequestTransferBodySchema,
        response: { 200: TransferEnvelopeSchema },
      },
    },
    async (request) => ok(await transfers.request(currentUser(request), request.body, request.ip)),
  );
  app.put(
    MARKET_PATHS.transferRelease,
    {
      config: { access: { roles: ['U'] as const } },
      schema: {
        tags,
        summary: '原注册企业同意转出',
        body: ReleaseTransferBodySchema,
        response: { 200: TransferEnvelopeSchema },
      },
    },
    async (request) => ok(await transfers.release(currentUser(request), request.body, request.ip)),
  );
  app.put(
    MARKET_PATHS.transferRefuse,
    {
      config: { access: { roles: ['U'] as const } },
      schema: {
        tags,
        summary: '原注册企业不同意转出（须填写理由；仍由管理员审批）',
        body: RefuseTransferBodySchema,
        response: { 200: TransferEnvelopeSchema },
      },
    },
    async (request) => ok(await transfers.refuse(currentUser(request), request.body, request.ip)),
  );
  app.put(
    MARKET_PATHS.transferWithdraw,
    {
      config: { access: { roles: ['U'] as const } },
      schema: {
        tags,
        summary: '申请转入的企业撤回转注册申请',
        body: WithdrawTransferBodySchema,
        response: { 200: TransferEnvelopeSchema },
      },
    },
    async (request) => ok(await transfers.withdraw(currentUser(request), request.body, request.ip)),
  );
  app.put(
    MARKET_PATHS.transferDecide,
    {
      config: admins,
      schema: {
        tags,
        summary: '管理员批准或驳回转注册',
        body: DecideTransferBodySchema,
        response: { 200: TransferEnvelopeSchema },
      },
    },
    async (request) => ok(await transfers.decide(currentUser(request), request.body, request.ip)),
  );

  app.post(
    MARKET_PATHS.enterpriseExport,
    {
      config: admins,
      schema: { tags, summary: '导出企业信息库（xlsx）', body: EnterpriseExportQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(reply, await admin.exportEnterprises(currentUser(request), request.body, request.ip)),
  );

  app.put(
    MARKET_PATHS.enterpriseState,
    {
      config: admins,
      schema: {
        tags,
        summary: '启用或停用企业（停用后该企业账号不能登录）',
        body: EnterpriseStateBodySchema,
        response: { 200: EnterpriseStateEnvelopeSchema },
      },
    },
    async (request) => ok(await admin.setEnterpriseState(currentUser(request), request.body, request.ip)),
  );

  app.get(
    MARKET_PATHS.managedPersonnel,
    {
      config: admins,
      schema: {
        tags,
        summary: '人员管理：各企业的注册人员及执业状态',
        querystring: ManagedPersonnelQuerySchema,
        response: { 200: ManagedPersonnelEnvelopeSchema },
      },
    },
    async (request) => ok(await admin.personnel(request.query)),
  );

  app.get(
    MARKET_PATHS.managedPerson,
    {
      config: admins,
      schema: {
        tags,
        summary: '注册人员详情',
        querystring: ManagedPersonQuerySchema,
        response: { 200: ManagedPersonEnvelopeSchema },
      },
    },
    async (request) => ok(await admin.person(request.query.id)),
  );

  app.post(
    MARKET_PATHS.personnelExport,
    {
      config: admins,
      schema: { tags, summary: '导出注册人员（xlsx）', body: ManagedPersonnelExportQuerySchema },
    },
    async (request, reply) =>
      sendXlsx(reply, await admin.exportPersonnel(currentUser(request), request.body, request.ip)),
  );

  app.put(
    MARKET_PATHS.practice,
    {
      config: admins,
      schema: {
        tags,
        summary: '设置注册人员各地区执业状态',
        body: PracticeAreasBodySchema,
        response: { 200: ManagedPersonEnvelopeSchema },
      },
    },
    async (request) => ok(await admin.setPractice(currentUser(request), request.body, request.ip)),
  );

  // ————— a personnel account's ID number: claimed, then proven (decision 0063) —————
  const personnelOnly = { access: { roles: ['P'] as const } };
  app.get(
    MARKET_PATHS.linkIdNumber,
    {
      config: personnelOnly,
      schema: {
        tags,
        summary: '本人身份证号码绑定情况',
        response: { 200: IdentityStateEnvelopeSchema },
      },
    },
    async (request) => ok(await identity.state(currentUser(request))),
  );
  app.post(
    MARKET_PATHS.linkIdNumber,
    {
      config: personnelOnly,
      schema: {
        tags,
        summary: '个人用户申请绑定身份证号码（短信验证或管理员确认后生效）',
        body: LinkIdNumberBodySchema,
        response: { 200: ClaimAnswerEnvelopeSchema },
      },
    },
    async (request) => {
      const answer = await identity.claim(currentUser(request), request.body, request.ip);
      return ok(answer, MARKET_MESSAGES.idNumberClaimed);
    },
  );
  app.post(
    MARKET_PATHS.confirmIdNumber,
    {
      config: personnelOnly,
      schema: {
        tags,
        summary: '以短信验证码确认身份证号码绑定',
        body: ConfirmIdNumberBodySchema,
        response: { 200: IdentityStateEnvelopeSchema },
      },
    },
    async (request) => ok(await identity.confirm(currentUser(request), request.body, request.ip)),
  );
  app.get(
    MARKET_PATHS.identityClaims,
    {
      config: admins,
      schema: {
        tags,
        summary: '身份证号码绑定申请（管理员确认）',
        querystring: IdentityClaimListQuerySchema,
        response: { 200: IdentityClaimListEnvelopeSchema },
      },
    },
    async (request) => ok(await identity.claims(request.query)),
  );
  app.put(
    MARKET_PATHS.identityClaimDecide,
    {
      config: admins,
      schema: {
        tags,
        summary: '确认或不予确认身份证号码绑定',
        body: DecideIdentityClaimBodySchema,
        response: { 200: IdentityClaimEnvelopeSchema },
      },
    },
    async (request) => ok(await identity.decide(currentUser(request), request.body, request.ip)),
  );

  app.get(
    MARKET_PATHS.transact,
    {
      config: { access: 'session' as const },
      schema: { tags, summary: '业务办理：本人可办理的业务', response: { 200: TransactEnvelopeSchema } },
    },
    async (request) => ok(await admin.transact(currentUser(request))),
  );

  app.get(
    '/ks/basic/enterprises',
    {
      config: admins,
      schema: {
        tags,
        summary: '企业信息库（企业列表）',
        querystring: EnterpriseListQuerySchema,
        response: { 200: EnterpriseListEnvelopeSchema },
      },
    },
    async (request) => ok(await market.enterprises(request.query)),
  );

  app.get(
    '/ks/basic/enterprise/info',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '企业信息（各部分及其审核状态）',
        querystring: EnterpriseQuerySchema,
        response: { 200: CompanyInfoEnvelopeSchema },
      },
    },
    async (request) => ok(await market.companyInfo(currentUser(request), request.query.id)),
  );

  // The wire has both paths; they answer the same.
  for (const url of ['/ks/basic/enterprise/branches', '/ks/basic/v1/enterprise/branches']) {
    app.get(
      url,
      {
        config: enterprisesAndAdmins,
        schema: {
          tags,
          summary: '企业的分支机构（审核通过的）',
          querystring: EnterpriseQuerySchema,
          response: { 200: BranchListEnvelopeSchema },
        },
      },
      async (request) => ok(await market.branches(currentUser(request), request.query.id)),
    );
  }

  app.post(
    '/ks/basic/contacts',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '企业联系人列表',
        body: ContactListBodySchema,
        response: { 200: ContactListResponseSchema },
      },
    },
    async (request) => ({
      status: 200 as const,
      result: await market.contacts(currentUser(request), request.body),
    }),
  );

  app.get(
    '/ks/basic/personnel',
    {
      config: enterprisesAndAdmins,
      schema: {
        tags,
        summary: '注册人员（企业：本企业的；管理员：全部）',
        querystring: PersonnelListQuerySchema,
        response: { 200: PersonnelListEnvelopeSchema },
      },
    },
    async (request) => ok(await market.personnel(currentUser(request), request.query)),
  );

  app.post(
    '/ks/individual/practice-area',
    {
      config: { access: 'session' as const },
      schema: { tags, summary: '本人各地区执业状态', response: { 200: PracticeAreaEnvelopeSchema } },
    },
    async (request) => ok(await market.practiceArea(currentUser(request))),
  );
};
