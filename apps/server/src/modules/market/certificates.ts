import {
  type Certificate,
  type CertificateFields,
  type CreateCertificateBody,
  type DeleteCertificateQuery,
  MARKET_MESSAGES,
  type NativeValue,
  type UpdateCertificateBody,
} from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { ResolvedNode } from '../../engine/record-store.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import {
  type CertificateRow,
  certificateNumberTaken,
  certificatesOfRecords,
  deleteCertificate,
  insertCertificate,
  lockCertificate,
  lockRegistrationForCertificates,
  updateCertificate,
} from './certificates-repository.ts';
import { advisoryLock } from './registrations-repository.ts';
import { partNode } from './repository.ts';
import { MARKET_FIELD } from './system.ts';

/**
 * The certificates of a registration (decision 0059): the 注册人员 record's own certificate fields
 * are its principal certificate (audited with the registration, changed through it); further
 * certificates are the module's sub-records in `market_certificates`. A certificate number is
 * registered once per specialty across both, and a person holds one certificate per registration
 * type and specialty.
 */

const f = MARKET_FIELD;
const text = (value: NativeValue | undefined) =>
  value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value);

/** The principal certificate of a registration, from its record's values (none without a number). */
export function principalCertificate(values: Record<string, NativeValue>, version: number): Certificate[] {
  const certificateNo = text(values[f.certificateNo]);
  if (!certificateNo) return [];
  return [
    {
      id: null,
      registrationType: text(values[f.registrationType]),
      specialty: text(values[f.specialty]),
      certificateNo,
      region: text(values[f.region]),
      issueDate: '',
      expiryDate: text(values[f.expiryDate]),
      version,
    },
  ];
}

const certificateOf = (row: CertificateRow): Certificate => ({
  id: row.id,
  registrationType: row.registrationType,
  specialty: row.specialty,
  certificateNo: row.certificateNo,
  region: row.region,
  issueDate: row.issueDate,
  expiryDate: row.expiryDate,
  version: row.version,
});

/** The live sub-record certificates of these registrations, by registration, oldest first. */
export async function furtherCertificates(db: Db, recordIds: readonly string[]) {
  const byRecord = new Map<string, Certificate[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await certificatesOfRecords(db, recordIds);
  for (const row of rows)
    byRecord.set(row.recordId, [...(byRecord.get(row.recordId) ?? []), certificateOf(row)]);
  return byRecord;
}

/**
 * Refuses a certificate number already registered in this specialty, as a live registration's
 * principal certificate or as a live sub-record (`except` names the one being changed). The
 * advisory lock on the number makes two concurrent registrations of it wait for each other.
 */
export async function checkCertificateFree(
  tx: Db,
  node: ResolvedNode,
  certificate: { certificateNo: string; specialty: string },
  except: { recordId?: string | null; certificateId?: string },
): Promise<string | null> {
  const number = certificate.certificateNo.trim();
  await advisoryLock(tx, `ks.market.certificate:${number}`);
  const taken = await certificateNumberTaken(tx, node, { ...certificate, certificateNo: number }, except);
  return taken ? MARKET_MESSAGES.certificateTaken : null;
}

type Registration = { id: string; owner: string; name: string; values: Record<string, NativeValue> };

/** A live registration with the fields the certificates read (null when there is none). */
async function registrationOf(tx: Db, node: ResolvedNode, recordId: string): Promise<Registration | null> {
  const row = await lockRegistrationForCertificates(tx, node, recordId);
  if (!row) return null;
  return {
    id: row.id,
    owner: row.owner,
    name: row.name ?? '',
    values: { [f.registrationType]: row.type ?? '', [f.specialty]: row.specialty ?? '' },
  };
}

/** Certificates are kept by the registration's enterprise and by administrators. */
function mayKeep(user: SessionUser, registration: Registration) {
  if (user.loginRoleType === 'M') return;
  if (user.loginRoleType === 'U' && registration.owner === user.id) return;
  throw forbidden(MARKET_MESSAGES.certificatesOwnOnly);
}

export class CertificateService {
  constructor(private readonly db: Db) {}

  private async node() {
    const node = await partNode(this.db, 'personnel');
    if (!node) throw notFound(MARKET_MESSAGES.personNotFound);
    return node;
  }

  /** A registration's further certificates (the principal one is on the registration). */
  async list(user: SessionUser, personId: string): Promise<Certificate[]> {
    const node = await this.node();
    const registration = await registrationOf(this.db, node, personId);
    if (!registration) throw notFound(MARKET_MESSAGES.personNotFound);
    mayKeep(user, registration);
    return (await furtherCertificates(this.db, [personId])).get(personId) ?? [];
  }

  /** The rules every saved certificate meets, checked inside the writing transaction. */
  private async check(
    tx: Db,
    node: ResolvedNode,
    registration: Registration,
    body: CertificateFields,
    certificateId?: string,
  ) {
    if (body.expiryDate < body.issueDate)
      throw badRequest(MARKET_MESSAGES.certificateExpiryBeforeIssue, {
        expiryDate: MARKET_MESSAGES.certificateExpiryBeforeIssue,
      });
    const taken = await checkCertificateFree(tx, node, body, { certificateId });
    if (taken) throw badRequest(taken, { certificateNo: taken });
    const held = [
      ...principalCertificate({ ...registration.values, [f.certificateNo]: 'principal' }, 0),
      ...((await furtherCertificates(tx, [registration.id])).get(registration.id) ?? []).filter(
        (one) => one.id !== certificateId,
      ),
    ];
    if (
      held.some((one) => one.registrationType === body.registrationType && one.specialty === body.specialty)
    )
      throw badRequest(MARKET_MESSAGES.certificateTwice, { specialty: MARKET_MESSAGES.certificateTwice });
  }

  async create(user: SessionUser, body: CreateCertificateBody, ip: string): Promise<Certificate> {
    const node = await this.node();
    return this.db.transaction(async (tx) => {
      const registration = await registrationOf(tx, node, body.personId);
      if (!registration) throw notFound(MARKET_MESSAGES.personNotFound);
      mayKeep(user, registration);
      const { personId, ...fields } = body;
      await this.check(tx, node, registration, fields);
      const row = await insertCertificate(tx, personId, {
        ...fields,
        certificateNo: fields.certificateNo.trim(),
      });
      await recordOperation(tx, {
        user,
        action: '新增注册证书',
        targetType: node.gnCoding,
        targetId: personId,
        targetName: registration.name,
        detail: `${fields.registrationType} ${fields.specialty} ${row.certificateNo}`,
        ip,
      });
      return certificateOf(row);
    });
  }

  /** The live certificate and its registration, the caller allowed to keep it. */
  private async owned(tx: Db, node: ResolvedNode, user: SessionUser, id: string, version: number) {
    const row = await lockCertificate(tx, id);
    if (!row) throw notFound(MARKET_MESSAGES.certificateNotFound);
    const registration = await registrationOf(tx, node, row.recordId);
    if (!registration) throw notFound(MARKET_MESSAGES.certificateNotFound);
    mayKeep(user, registration);
    if (row.version !== version) throw conflict(MARKET_MESSAGES.staleCertificate);
    return { row, registration };
  }

  async update(user: SessionUser, body: UpdateCertificateBody, ip: string): Promise<Certificate> {
    const node = await this.node();
    return this.db.transaction(async (tx) => {
      const { row, registration } = await this.owned(tx, node, user, body.id, body.version);
      const { id, version, ...fields } = body;
      await this.check(tx, node, registration, fields, id);
      const updated = await updateCertificate(tx, id, version, {
        ...fields,
        certificateNo: fields.certificateNo.trim(),
      });
      if (!updated) throw conflict(MARKET_MESSAGES.staleCertificate);
      await recordOperation(tx, {
        user,
        action: '修改注册证书',
        targetType: node.gnCoding,
        targetId: row.recordId,
        targetName: registration.name,
        detail: `${row.specialty} ${row.certificateNo} → ${updated.specialty} ${updated.certificateNo}`,
        ip,
      });
      return certificateOf(updated);
    });
  }

  /** Soft: the row stays for history. */
  async remove(user: SessionUser, body: DeleteCertificateQuery, ip: string): Promise<void> {
    const node = await this.node();
    await this.db.transaction(async (tx) => {
      const { row, registration } = await this.owned(tx, node, user, body.id, body.version);
      await deleteCertificate(tx, row.id);
      await recordOperation(tx, {
        user,
        action: '删除注册证书',
        targetType: node.gnCoding,
        targetId: row.recordId,
        targetName: registration.name,
        detail: `${row.registrationType} ${row.specialty} ${row.certificateNo}`,
        ip,
      });
    });
  }
}
