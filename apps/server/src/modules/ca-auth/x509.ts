import { createHash, createPublicKey, verify as rsaVerify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CA_AUTH_MESSAGES } from '@ks/contract';
import { ECParameters } from '@peculiar/asn1-ecc';
import { AsnConvert } from '@peculiar/asn1-schema';
import {
  Certificate,
  CertificateList,
  id_ce_keyUsage,
  KeyUsage,
  KeyUsageFlags,
  type Name,
} from '@peculiar/asn1-x509';
import { sm2 } from 'sm-crypto';
import { badRequest } from '../../platform/errors.ts';

/**
 * Reading and checking X.509 certificates for CA login (decision 0080). Parsing is
 * @peculiar/asn1-x509's schemas (RFC 5280); RSA signatures are node:crypto's, SM2/SM3 ones sm-crypto's.
 * Nothing here writes: every refusal is a Chinese message with nothing stored.
 */

export const OIDS = {
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  sha384WithRsa: '1.2.840.113549.1.1.12',
  sha512WithRsa: '1.2.840.113549.1.1.13',
  ecPublicKey: '1.2.840.10045.2.1',
  sm2Curve: '1.2.156.10197.1.301',
  sm2WithSm3: '1.2.156.10197.1.501',
} as const;

const RSA_HASHES: Record<string, string> = {
  [OIDS.sha256WithRsa]: 'sha256',
  [OIDS.sha384WithRsa]: 'sha384',
  [OIDS.sha512WithRsa]: 'sha512',
};

export type KeyAlgorithm = 'RSA' | 'SM2';

/** A public key as the verifiers take it. */
export type PublicKeyOf = { algorithm: 'RSA'; spki: Buffer } | { algorithm: 'SM2'; hex: string };

/** Short names of the attribute types a DN shows; others show as their OID. */
const DN_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '1.2.840.113549.1.9.1': 'E',
};

/** A DN as text, most specific first (`CN=张三, O=某公司, C=CN`). */
export const nameText = (name: Name) =>
  [...name]
    .reverse()
    .map((rdn) => rdn.map((atv) => `${DN_NAMES[atv.type] ?? atv.type}=${atv.value.toString()}`).join('+'))
    .join(', ');

const hexOf = (data: ArrayBuffer) => Buffer.from(data).toString('hex');

/** The fields a check and a binding read, from the parsed certificate. */
export interface CertificateFacts {
  subject: string;
  issuer: string;
  /** DER of the names, compared byte for byte to find the issuer. */
  subjectDer: string;
  issuerDer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** KeyUsage bits, or null without the extension. */
  keyUsage: number | null;
}

export interface ParsedCertificate {
  der: Buffer;
  x509: CertificateFacts;
  asn: Certificate;
  key: PublicKeyOf;
  fingerprint: string;
}

const CERT_PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const CRL_PEM = /-----BEGIN X509 CRL-----([\s\S]+?)-----END X509 CRL-----/g;

const bufferOf = (data: ArrayBuffer | ArrayBufferView) =>
  ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

/** The certificate a client sent: PEM, or base64 of its DER. */
export function parseCertificate(text: string): ParsedCertificate {
  const pem = text.match(CERT_PEM)?.[0];
  const der = pem
    ? Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64')
    : Buffer.from(text.replace(/\s+/g, ''), 'base64');
  return parseDer(der);
}

function parseDer(der: Buffer): ParsedCertificate {
  let asn: Certificate;
  let x509: CertificateFacts;
  try {
    asn = AsnConvert.parse(der, Certificate);
    x509 = factsOf(asn);
  } catch {
    throw badRequest(CA_AUTH_MESSAGES.certificateUnreadable, {
      certificate: CA_AUTH_MESSAGES.certificateUnreadable,
    });
  }
  return {
    der,
    x509,
    asn,
    key: publicKeyOf(asn),
    fingerprint: createHash('sha256').update(der).digest('hex'),
  };
}

function factsOf(asn: Certificate): CertificateFacts {
  const tbs = asn.tbsCertificate;
  const usage = tbs.extensions?.find((extension) => extension.extnID === id_ce_keyUsage);
  return {
    subject: nameText(tbs.subject),
    issuer: nameText(tbs.issuer),
    subjectDer: hexOf(AsnConvert.serialize(tbs.subject)),
    issuerDer: hexOf(AsnConvert.serialize(tbs.issuer)),
    serialNumber: hexOf(tbs.serialNumber),
    notBefore: tbs.validity.notBefore.getTime(),
    notAfter: tbs.validity.notAfter.getTime(),
    keyUsage: usage ? AsnConvert.parse(usage.extnValue.buffer, KeyUsage).toNumber() : null,
  };
}

function publicKeyOf(asn: Certificate): PublicKeyOf {
  const spkiInfo = asn.tbsCertificate.subjectPublicKeyInfo;
  const oid = spkiInfo.algorithm.algorithm;
  if (oid === OIDS.rsaEncryption) {
    return { algorithm: 'RSA', spki: Buffer.from(AsnConvert.serialize(spkiInfo)) };
  }
  if (oid === OIDS.ecPublicKey && spkiInfo.algorithm.parameters) {
    const curve = AsnConvert.parse(spkiInfo.algorithm.parameters, ECParameters).namedCurve;
    if (curve === OIDS.sm2Curve) {
      return { algorithm: 'SM2', hex: bufferOf(spkiInfo.subjectPublicKey).toString('hex') };
    }
  }
  throw badRequest(CA_AUTH_MESSAGES.unsupportedAlgorithm, {
    certificate: CA_AUTH_MESSAGES.unsupportedAlgorithm,
  });
}

/** Whether `signature` over `data` verifies with `key` under the signature algorithm `oid`. */
export function verifySignature(oid: string, data: Buffer, signature: Buffer, key: PublicKeyOf): boolean {
  try {
    if (key.algorithm === 'RSA') {
      const hash = RSA_HASHES[oid];
      if (!hash) return false;
      return rsaVerify(
        hash,
        data,
        createPublicKey({ key: key.spki, format: 'der', type: 'spki' }),
        signature,
      );
    }
    if (oid !== OIDS.sm2WithSm3) return false;
    return sm2.doVerifySignature(Array.from(data), signature.toString('hex'), key.hex, {
      der: true,
      hash: true,
    });
  } catch {
    return false;
  }
}

/** The signature algorithm a holder's key signs a challenge with: RSA PKCS#1 v1.5/SHA-256, or SM2/SM3. */
export const challengeAlgorithmOf = (key: PublicKeyOf) =>
  key.algorithm === 'RSA' ? OIDS.sha256WithRsa : OIDS.sm2WithSm3;

/** Whether `issuer` signed `cert`. */
function signedBy(cert: ParsedCertificate, issuer: ParsedCertificate): boolean {
  // The bytes as signed (kept by the parser), not a re-encoding.
  const tbs = Buffer.from(cert.asn.tbsCertificateRaw ?? AsnConvert.serialize(cert.asn.tbsCertificate));
  return verifySignature(
    cert.asn.signatureAlgorithm.algorithm,
    tbs,
    bufferOf(cert.asn.signatureValue),
    issuer.key,
  );
}

/** A CRL as configured: its issuer's name (DER hex) and the serial numbers it lists (hex). */
export interface RevocationList {
  asn: CertificateList;
  issuerDer: string;
  serials: Set<string>;
}

/** The trust the deployment configures: issuing CA certificates and their CRLs. */
export interface TrustStore {
  authorities: ParsedCertificate[];
  crls: RevocationList[];
}

/** A PEM bundle or the path of a file holding one (or, for CRLs, a DER file). */
const textOrFile = (value: string | undefined): string | Buffer | null => {
  if (!value?.trim()) return null;
  return value.includes('-----BEGIN') ? value : readFileSync(value.trim());
};

export function loadTrustStore(trusted: string | undefined, crls: string | undefined): TrustStore {
  const bundle = textOrFile(trusted);
  const authorities = bundle ? (bundle.toString('latin1').match(CERT_PEM) ?? []).map(parseCertificate) : [];
  const crlSource = textOrFile(crls);
  const crlDers: Buffer[] = [];
  if (crlSource) {
    const text = crlSource.toString('latin1');
    const pems = [...text.matchAll(CRL_PEM)].map((m) =>
      Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64'),
    );
    if (pems.length > 0) crlDers.push(...pems);
    else if (Buffer.isBuffer(crlSource)) crlDers.push(crlSource);
  }
  return {
    authorities,
    crls: crlDers.map((der) => {
      const asn = AsnConvert.parse(der, CertificateList);
      return {
        asn,
        issuerDer: hexOf(AsnConvert.serialize(asn.tbsCertList.issuer)),
        serials: new Set(
          (asn.tbsCertList.revokedCertificates ?? []).map((entry) => hexOf(entry.userCertificate)),
        ),
      };
    }),
  };
}

const refuse = (message: string) => badRequest(message, { certificate: message });

/**
 * Checks a holder's certificate against the trust store at `now`: issued (and signed) by a trusted
 * CA that is itself valid, within its validity, allowed digitalSignature, not on its CA's CRL.
 */
export function checkCertificate(cert: ParsedCertificate, trust: TrustStore, now: Date): void {
  if (trust.authorities.length === 0) throw refuse(CA_AUTH_MESSAGES.noTrustedCa);
  const named = trust.authorities.filter((ca) => ca.x509.subjectDer === cert.x509.issuerDer);
  if (named.length === 0) throw refuse(CA_AUTH_MESSAGES.untrustedIssuer);
  const issuer = named.find((ca) => signedBy(cert, ca));
  if (!issuer) throw refuse(CA_AUTH_MESSAGES.badCertificateSignature);
  if (issuer.x509.notAfter < now || issuer.x509.notBefore > now)
    throw refuse(CA_AUTH_MESSAGES.untrustedIssuer);
  if (cert.x509.notBefore > now) throw refuse(CA_AUTH_MESSAGES.notYetValid);
  if (cert.x509.notAfter < now) throw refuse(CA_AUTH_MESSAGES.expired);
  const usage = cert.x509.keyUsage;
  if (usage === null || (usage & KeyUsageFlags.digitalSignature) === 0)
    throw refuse(CA_AUTH_MESSAGES.keyUsage);
  for (const crl of trust.crls) {
    if (crl.issuerDer !== issuer.x509.subjectDer) continue;
    const tbs = Buffer.from(crl.asn.tbsCertListRaw ?? AsnConvert.serialize(crl.asn.tbsCertList));
    // A CRL its CA did not sign says nothing; one that it did is believed.
    if (!verifySignature(crl.asn.signatureAlgorithm.algorithm, tbs, bufferOf(crl.asn.signature), issuer.key))
      continue;
    if (crl.serials.has(cert.x509.serialNumber)) throw refuse(CA_AUTH_MESSAGES.revoked);
  }
}
