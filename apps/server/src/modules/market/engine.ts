import {
  idNumberProblem,
  MARKET_MESSAGES,
  MARKET_NODE_OF,
  MARKET_SYSTEM_CODING,
  type MarketPart,
  type NativeValue,
} from '@ks/contract';
import { type RecordEvent, refuse, type SaveEvent } from '../../engine/lifecycle.ts';
import type { EngineSeams } from '../../engine/modules.ts';
import { checkCertificateFree } from './certificates.ts';
import { chinaToday } from './dates.ts';
import { idNumberOfRecord, syncPracticeOf } from './practice-repository.ts';
import {
  advisoryLock,
  ownerHasRecord,
  ownerOfRecord,
  ownersOfIdNumber,
  principalCertificateOfRecord,
  setIdNumberOfRecord,
} from './registrations-repository.ts';
import { MARKET_FIELD, MARKET_SYSTEM } from './system.ts';

/**
 * The market module on the engine's seams (decision 0051): it provides the 企业信息 system and
 * checks what its nodes save — an enterprise keeps one basic-information record, certificates
 * expire after they are issued, projects finish after they start, and a registered person has a
 * valid ID number and one enterprise at a time.
 */

const PART_OF_NODE = new Map<string, MarketPart>(
  (Object.entries(MARKET_NODE_OF) as [MarketPart, string][]).map(([part, gn]) => [gn, part]),
);

const text = (value: NativeValue | undefined) => (typeof value === 'string' ? value : '');

/** Values a save or an applied change is about to write, checked by the same rules. */
type CheckedValues = Omit<SaveEvent, 'ownerUserId'>;

/**
 * The ID number of a registered person, as its enterprise saves it: valid by GB 11643 and not
 * registered twice with this enterprise (any live record counts, drafts included). Another
 * enterprise's registration of the number is not checked here: the answer would tell any
 * enterprise who is registered elsewhere (decision 0063). The pass checks it (`checkPassedAlone`),
 * decided by an administrator. The advisory lock on the number makes two concurrent saves or
 * passes of one person wait for each other.
 */
async function checkPerson(event: CheckedValues) {
  const { values } = event;
  if (!(MARKET_FIELD.idNumber in values)) return;
  const problem = idNumberProblem(text(values[MARKET_FIELD.idNumber]), chinaToday());
  if (problem) refuse(problem, MARKET_FIELD.idNumber);
  const idNumber = text(values[MARKET_FIELD.idNumber]).trim().toUpperCase();
  values[MARKET_FIELD.idNumber] = idNumber;
  await advisoryLock(event.tx, `ks.market.person:${idNumber}`);
  const owner = event.recordId ? await ownerOfRecord(event.tx, event.node, event.recordId) : event.user.id;
  const others = await ownersOfIdNumber(event.tx, event.node, idNumber, event.recordId ?? null);
  if (others.includes(owner ?? '')) refuse(MARKET_MESSAGES.personDuplicate, MARKET_FIELD.idNumber);
}

/**
 * A person has one passed registration at a time: checked where an administrator passes one (the
 * audit's last level, or a change request correcting its ID number), whose refusal rolls the
 * decision back. The administrator then rejects it, or the enterprise asks for a transfer.
 */
async function checkPassedAlone(event: RecordEvent, idNumber: string) {
  if (!idNumber) return;
  await advisoryLock(event.tx, `ks.market.person:${idNumber}`);
  const owner = await ownerOfRecord(event.tx, event.node, event.recordId);
  const passed = await ownersOfIdNumber(event.tx, event.node, idNumber, event.recordId, true);
  if (passed.some((other) => other !== owner)) refuse(MARKET_MESSAGES.personElsewhere, MARKET_FIELD.idNumber);
  if (passed.length > 0) refuse(MARKET_MESSAGES.personDuplicate, MARKET_FIELD.idNumber);
}

/** The registration's own certificate is registered once per specialty (decision 0059). */
async function checkPrincipalCertificate(event: CheckedValues) {
  const certificateNo = text(event.values[MARKET_FIELD.certificateNo]).trim();
  const specialty = text(event.values[MARKET_FIELD.specialty]);
  if (!certificateNo || !specialty) return;
  const taken = await checkCertificateFree(
    event.tx,
    event.node,
    { certificateNo, specialty },
    { recordId: event.recordId },
  );
  if (taken) refuse(taken, MARKET_FIELD.certificateNo);
}

/** The linked personnel account follows its registration: passed, returned, revoked or deleted. */
async function followRegistration(event: RecordEvent) {
  if (PART_OF_NODE.get(event.node.gnCoding) !== 'personnel') return;
  await syncPracticeOf(event.tx, event.node, [await idNumberOfRecord(event.tx, event.node, event.recordId)]);
}

export function registerMarket({ events, systems }: EngineSeams) {
  systems.provide(MARKET_SYSTEM);
  events.register(
    { systemCodings: [MARKET_SYSTEM_CODING] },
    {
      beforeSave: async (event) => {
        const part = PART_OF_NODE.get(event.node.gnCoding);
        if (!part) return;
        const { values } = event;
        const issued = text(values[MARKET_FIELD.issueDate]);
        const expires = text(values[MARKET_FIELD.expiryDate]);
        if (issued && expires && expires < issued)
          refuse(MARKET_MESSAGES.expiryBeforeIssue, MARKET_FIELD.expiryDate);
        const started = text(values[MARKET_FIELD.startDate]);
        const finished = text(values[MARKET_FIELD.finishDate]);
        if (started && finished && finished < started)
          refuse(MARKET_MESSAGES.finishBeforeStart, MARKET_FIELD.finishDate);
        if (part === 'personnel') {
          await checkPerson(event);
          await checkPrincipalCertificate(event);
        }
        if (part === 'basic' && !event.recordId) {
          if (await ownerHasRecord(event.tx, event.node, event.user.id)) refuse(MARKET_MESSAGES.basicExists);
        }
      },
      flowDecided: async (event) => {
        if (event.outcome === 'passed' && PART_OF_NODE.get(event.node.gnCoding) === 'personnel')
          await checkPassedAlone(event, await idNumberOfRecord(event.tx, event.node, event.recordId));
        await followRegistration(event);
      },
      afterDelete: followRegistration,
      // A change request may correct a registration's ID number: the new number is checked as a
      // new registration would be, and the accounts of both numbers follow.
      changeApplied: async (event) => {
        if (PART_OF_NODE.get(event.node.gnCoding) !== 'personnel') return;
        const change = event.changes.find((c) => c.field === MARKET_FIELD.idNumber);
        if (change) {
          const values = { [MARKET_FIELD.idNumber]: change.newValue };
          await checkPerson({ ...event, values });
          const idNumber = text(values[MARKET_FIELD.idNumber]);
          await checkPassedAlone(event, idNumber);
          await setIdNumberOfRecord(event.tx, event.node, event.recordId, idNumber);
        }
        // A corrected certificate number (or specialty) is checked as a new one would be (0059).
        const codes = new Set(event.node.schema.items.map((item) => item.code));
        const certificateChanged =
          codes.has(MARKET_FIELD.certificateNo) &&
          codes.has(MARKET_FIELD.specialty) &&
          event.changes.some(
            (c) => c.field === MARKET_FIELD.certificateNo || c.field === MARKET_FIELD.specialty,
          );
        if (certificateChanged) {
          const now = await principalCertificateOfRecord(event.tx, event.node, event.recordId);
          await checkPrincipalCertificate({
            ...event,
            values: {
              [MARKET_FIELD.certificateNo]: now?.no ?? '',
              [MARKET_FIELD.specialty]: now?.specialty ?? '',
            },
          });
        }
        await syncPracticeOf(event.tx, event.node, [
          text(change?.oldValue),
          await idNumberOfRecord(event.tx, event.node, event.recordId),
        ]);
      },
    },
  );
}
