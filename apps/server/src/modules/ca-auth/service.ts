import { randomBytes } from 'node:crypto';
import {
  CA_AUTH_MESSAGES,
  type CaCertificate,
  type CaChallenge,
  type CaLoginResult,
  type CaPurpose,
  type CaSignedBody,
  type CaUnbindBody,
  caExpiryWarning,
} from '@ks/contract';
import { asUserId } from '@ks/contract/ids';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SignIn } from '../../engine/modules.ts';
import type { SessionUser } from '../../platform/access.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { recordOperation } from '../../platform/operation-log.ts';
import * as repo from './repository.ts';
import {
  challengeAlgorithmOf,
  checkCertificate,
  loadTrustStore,
  type ParsedCertificate,
  parseCertificate,
  type TrustStore,
  verifySignature,
} from './x509.ts';

const DAY_MS = 24 * 3600 * 1000;

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * CA certificate login and binding (decision 0080). A refusal (unknown or used challenge, a
 * certificate the trust store does not accept, a wrong signature, an unbound certificate) writes
 * nothing: the challenge is consumed only by a login or binding that is about to succeed.
 */
export class CaAuthService {
  private readonly trust: TrustStore;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<
      Config,
      'CA_TRUSTED_CERTS' | 'CA_CRLS' | 'CA_CHALLENGE_SECONDS' | 'CA_EXPIRY_WARNING_DAYS'
    >,
    private readonly signIn: SignIn,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.trust = loadTrustStore(config.CA_TRUSTED_CERTS, config.CA_CRLS);
  }

  async challenge(purpose: CaPurpose): Promise<CaChallenge> {
    const now = this.now();
    // Expired challenges go as new ones come: an hour after expiry none can matter.
    await repo.deleteChallengesBefore(this.db, new Date(now.getTime() - 3600 * 1000));
    const row = await repo.insertChallenge(this.db, {
      purpose,
      challenge: `ks-ca-${purpose}:${randomBytes(32).toString('base64url')}:${now.toISOString()}`,
      expiresAt: new Date(now.getTime() + this.config.CA_CHALLENGE_SECONDS * 1000),
    });
    return { challengeId: row.id, challenge: row.challenge, expiresAt: row.expiresAt.toISOString() };
  }

  /** Everything a signed request must prove, read-only: the challenge, the certificate, the signature. */
  private async proven(body: CaSignedBody, purpose: CaPurpose, now: Date): Promise<ParsedCertificate> {
    const challenge = await repo.findChallenge(this.db, body.challengeId);
    if (!challenge || challenge.purpose !== purpose || challenge.expiresAt <= now) {
      throw badRequest(CA_AUTH_MESSAGES.challengeUnknown);
    }
    if (challenge.usedAt) throw badRequest(CA_AUTH_MESSAGES.challengeUsed);
    const cert = parseCertificate(body.certificate);
    checkCertificate(cert, this.trust, now);
    const signature = Buffer.from(body.signature, 'base64');
    const signed = verifySignature(
      challengeAlgorithmOf(cert.key),
      Buffer.from(challenge.challenge, 'utf8'),
      signature,
      cert.key,
    );
    if (!signed)
      throw badRequest(CA_AUTH_MESSAGES.badSignature, { signature: CA_AUTH_MESSAGES.badSignature });
    return cert;
  }

  private async consume(db: Db, challengeId: string, now: Date) {
    if (!(await repo.consumeChallenge(db, challengeId, now)))
      throw badRequest(CA_AUTH_MESSAGES.challengeUsed);
  }

  async login(body: CaSignedBody, meta: RequestMeta): Promise<CaLoginResult> {
    const now = this.now();
    const cert = await this.proven(body, 'login', now);
    const binding = await repo.findBindingByFingerprint(this.db, cert.fingerprint);
    if (!binding) throw badRequest(CA_AUTH_MESSAGES.notBound, { certificate: CA_AUTH_MESSAGES.notBound });
    await this.consume(this.db, body.challengeId, now);
    const result = await this.signIn(asUserId(binding.userId), 'CA证书', meta);
    return { ...result, certificateWarning: this.describe(binding, now).warning };
  }

  async register(user: SessionUser, body: CaSignedBody, ip: string): Promise<CaCertificate> {
    const now = this.now();
    const cert = await this.proven(body, 'register', now);
    const alreadyBound = () =>
      badRequest(CA_AUTH_MESSAGES.alreadyBound, { certificate: CA_AUTH_MESSAGES.alreadyBound });
    const issuer = cert.x509.issuer;
    const serialNumber = cert.x509.serialNumber;
    if (
      (await repo.findBindingByFingerprint(this.db, cert.fingerprint)) ||
      (await repo.findBindingByIssuerSerial(this.db, issuer, serialNumber))
    ) {
      throw alreadyBound();
    }
    try {
      const binding = await this.db.transaction(async (tx) => {
        await this.consume(tx, body.challengeId, now);
        const row = await repo.insertBinding(tx, {
          userId: user.id,
          serialNumber,
          issuer,
          subject: cert.x509.subject,
          fingerprint: cert.fingerprint,
          algorithm: cert.key.algorithm,
          notAfter: cert.x509.notAfter,
        });
        await recordOperation(tx, {
          user,
          action: '绑定CA证书',
          targetType: 'ca_certificate',
          targetId: `${serialNumber}`,
          ip,
        });
        return row;
      });
      return this.describe(binding, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyBound();
      throw error;
    }
  }

  async unbind(user: SessionUser, body: CaUnbindBody, ip: string): Promise<void> {
    const now = this.now();
    await this.db.transaction(async (tx) => {
      const row = await repo.deleteBinding(tx, body.id, user.id, body.version, now);
      if (!row) {
        const live = await repo.findLiveBinding(tx, body.id, user.id);
        throw live ? conflict(CA_AUTH_MESSAGES.stale) : badRequest(CA_AUTH_MESSAGES.bindingNotFound);
      }
      await recordOperation(tx, {
        user,
        action: '解绑CA证书',
        targetType: 'ca_certificate',
        targetId: row.serialNumber,
        ip,
      });
    });
  }

  async certificates(user: SessionUser): Promise<CaCertificate[]> {
    const now = this.now();
    return (await repo.listBindings(this.db, user.id)).map((row) => this.describe(row, now));
  }

  private describe(row: repo.BindingRow, now: Date): CaCertificate {
    const daysLeft = Math.floor((row.notAfter.getTime() - now.getTime()) / DAY_MS);
    return {
      id: row.id,
      serialNumber: row.serialNumber,
      issuer: row.issuer,
      subject: row.subject,
      fingerprint: row.fingerprint,
      algorithm: row.algorithm === 'SM2' ? 'SM2' : 'RSA',
      notAfter: row.notAfter.toISOString(),
      daysLeft,
      warning: daysLeft <= this.config.CA_EXPIRY_WARNING_DAYS ? caExpiryWarning(Math.max(daysLeft, 0)) : null,
      boundAt: row.createdAt.toISOString(),
      version: row.version,
    };
  }
}
