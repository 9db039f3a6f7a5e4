import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { ECParameters } from '@peculiar/asn1-ecc';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  CertificateList,
  Extension,
  Extensions,
  id_ce_basicConstraints,
  id_ce_keyUsage,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  RevokedCertificate,
  SubjectPublicKeyInfo,
  TBSCertificate,
  TBSCertList,
  Time,
  Validity,
  Version,
} from '@peculiar/asn1-x509';
import { sm2 } from 'sm-crypto';
import { OIDS } from './x509.ts';

/**
 * A test PKI made at test time (decision 0080): CAs and holders with RSA or SM2 keys, certificates
 * and CRLs built from @peculiar/asn1-x509's structures and signed with node:crypto or sm-crypto.
 * Test-only: nothing in the running server imports it.
 */

export type Algorithm = 'RSA' | 'SM2';

export interface TestKey {
  algorithm: Algorithm;
  spki: SubjectPublicKeyInfo;
  /** Signs bytes the way a holder signs a challenge (RSA PKCS#1 v1.5/SHA-256, SM2/SM3 DER). */
  sign(data: Buffer): Buffer;
}

export function newKey(algorithm: Algorithm): TestKey {
  if (algorithm === 'RSA') {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      algorithm,
      spki: AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo),
      sign: (data) => sign('sha256', data, privateKey as KeyObject),
    };
  }
  const pair = sm2.generateKeyPairHex();
  return {
    algorithm,
    spki: new SubjectPublicKeyInfo({
      algorithm: new AlgorithmIdentifier({
        algorithm: OIDS.ecPublicKey,
        parameters: AsnConvert.serialize(new ECParameters({ namedCurve: OIDS.sm2Curve })),
      }),
      subjectPublicKey: new Uint8Array(Buffer.from(pair.publicKey, 'hex')).buffer,
    }),
    sign: (data) =>
      Buffer.from(
        sm2.doSignature(Array.from(data), pair.privateKey, {
          der: true,
          hash: true,
          publicKey: pair.publicKey,
        }),
        'hex',
      ),
  };
}

const algorithmId = (key: TestKey) =>
  key.algorithm === 'RSA'
    ? new AlgorithmIdentifier({ algorithm: OIDS.sha256WithRsa, parameters: null })
    : new AlgorithmIdentifier({ algorithm: OIDS.sm2WithSm3 });

const DN_TYPES: Record<string, string> = { CN: '2.5.4.3', C: '2.5.4.6', O: '2.5.4.10', OU: '2.5.4.11' };
/** `CN=…, O=…, C=…` (most specific first) as a Name; C printable, the rest UTF-8. */
const nameOf = (dn: string) =>
  new Name(
    dn
      .split(',')
      .map((part) => part.trim().split('='))
      .reverse()
      .map(
        ([type = '', value = '']) =>
          new RelativeDistinguishedName([
            new AttributeTypeAndValue({
              type: DN_TYPES[type] ?? type,
              value: new AttributeValue(type === 'C' ? { printableString: value } : { utf8String: value }),
            }),
          ]),
      ),
  );
const toBuffer = (data: Buffer) => new Uint8Array(data).buffer;
const newSerial = () => {
  const serial = randomBytes(12);
  serial[0] = ((serial[0] ?? 1) & 0x7f) | 0x10;
  return serial;
};
const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${(
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? []
  ).join('\n')}\n-----END ${label}-----\n`;

export interface TestCa {
  dn: string;
  key: TestKey;
  pem: string;
}

export interface TestHolder {
  key: TestKey;
  pem: string;
  serial: Buffer;
}

interface IssueOptions {
  notBefore?: Date;
  notAfter?: Date;
  usages?: number;
  ca?: boolean;
}

function issue(
  issuerDn: string,
  issuerKey: TestKey,
  subjectDn: string,
  subjectKey: TestKey,
  options: IssueOptions,
) {
  const serial = newSerial();
  const now = Date.now();
  const extensions = [
    new Extension({
      extnID: id_ce_keyUsage,
      critical: true,
      extnValue: new OctetString(
        AsnConvert.serialize(new KeyUsage(options.usages ?? KeyUsageFlags.digitalSignature)),
      ),
    }),
  ];
  if (options.ca) {
    extensions.push(
      new Extension({
        extnID: id_ce_basicConstraints,
        critical: true,
        extnValue: new OctetString(AsnConvert.serialize(new BasicConstraints({ cA: true }))),
      }),
    );
  }
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: toBuffer(serial),
    signature: algorithmId(issuerKey),
    issuer: nameOf(issuerDn),
    validity: new Validity({
      notBefore: options.notBefore ?? new Date(now - 24 * 3600 * 1000),
      notAfter: options.notAfter ?? new Date(now + 365 * 24 * 3600 * 1000),
    }),
    subject: nameOf(subjectDn),
    subjectPublicKeyInfo: subjectKey.spki,
    extensions: new Extensions(extensions),
  });
  const signature = issuerKey.sign(Buffer.from(AsnConvert.serialize(tbs)));
  const cert = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: algorithmId(issuerKey),
    signatureValue: toBuffer(signature),
  });
  return { pem: pem('CERTIFICATE', AsnConvert.serialize(cert)), serial };
}

export function newCa(algorithm: Algorithm, dn: string): TestCa {
  const key = newKey(algorithm);
  const { pem } = issue(dn, key, dn, key, {
    ca: true,
    usages: KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign | KeyUsageFlags.digitalSignature,
  });
  return { dn, key, pem };
}

export function newHolder(ca: TestCa, dn: string, options: IssueOptions = {}): TestHolder {
  const key = newKey(ca.key.algorithm);
  return { key, ...issue(ca.dn, ca.key, dn, key, options) };
}

/** A CRL of `ca` listing `revoked`, signed by `signer` (the CA's own key unless a test says otherwise). */
export function newCrl(ca: TestCa, revoked: TestHolder[], signer: TestKey = ca.key): string {
  const now = Date.now();
  const tbs = new TBSCertList({
    version: Version.v2,
    signature: algorithmId(signer),
    issuer: nameOf(ca.dn),
    thisUpdate: new Time(new Date(now - 3600 * 1000)),
    nextUpdate: new Time(new Date(now + 7 * 24 * 3600 * 1000)),
    revokedCertificates: revoked.map(
      (holder) =>
        new RevokedCertificate({
          userCertificate: toBuffer(holder.serial),
          revocationDate: new Time(new Date(now - 60000)),
        }),
    ),
  });
  const signature = signer.sign(Buffer.from(AsnConvert.serialize(tbs)));
  const crl = new CertificateList({
    tbsCertList: tbs,
    signatureAlgorithm: algorithmId(signer),
    signature: toBuffer(signature),
  });
  return pem('X509 CRL', AsnConvert.serialize(crl));
}
