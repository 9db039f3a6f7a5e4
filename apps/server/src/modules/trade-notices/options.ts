import { type FormOption, TRADE_NOTICE_KIND_LABELS } from '@ks/contract';
import type { Db } from '../../db/client.ts';
import type { OptionRequest } from '../../engine/option-providers.ts';
import { type NoticeSection, noticeSections } from '../trading/public.ts';
import { SECTION_DICTIONARY, TARGET_DICTIONARY } from './fields.ts';
import { sentOriginals, syncDictionary } from './repository.ts';

/**
 * The selects of a notice (decision 0076). The engine validates a saved value against the field's
 * own source, a dictionary, so the module keeps the dictionaries current (every approved section,
 * every sent notice; what no longer applies stays, disabled, so old records still read); each
 * caller is offered only its own through the option providers (decision 0058), and beforeSave
 * checks again.
 */

const label = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

export const sectionLabel = (section: Pick<NoticeSection, 'projectName' | 'code' | 'name'>) =>
  label(`${section.projectName}｜${section.code} ${section.name}`);

const toSectionOptions = (sections: readonly NoticeSection[]): FormOption[] =>
  sections.map((section) => ({ label: sectionLabel(section), value: section.id }));

/** Every section of an approved project (the dictionary's items). */
export const sectionOptions = async (db: Db) => toSectionOptions(await noticeSections(db));

/** Every sent original notice (the change notices' dictionary). */
export async function targetOptions(db: Db, sectionIds?: readonly string[]): Promise<FormOption[]> {
  const rows = await sentOriginals(db, sectionIds);
  return rows.map((row) => ({
    label: label(`${row.title}（${TRADE_NOTICE_KIND_LABELS[row.kind]}）`),
    value: row.id,
  }));
}

export const refreshSectionDictionary = async (db: Db) =>
  syncDictionary(db, SECTION_DICTIONARY, await sectionOptions(db));
export const refreshTargetDictionary = async (db: Db) =>
  syncDictionary(db, TARGET_DICTIONARY, await targetOptions(db));

/** The record's own value stays offered, disabled, when it no longer applies (the form still names it). */
function withCurrent(offered: FormOption[], all: readonly FormOption[], current: unknown): FormOption[] {
  if (typeof current !== 'string' || !current || offered.some((option) => option.value === current))
    return offered;
  const own = all.find((option) => option.value === current);
  return own ? [...offered, { ...own, isDisabled: true }] : offered;
}

/** 标段: an enterprise is offered the sections of approved projects it is the tenderee or agent of. */
export async function offeredSections({ db, caller, record, options }: OptionRequest) {
  await refreshSectionDictionary(db);
  const { user } = caller;
  if (user.loginRoleType === 'D') return options;
  const offered =
    user.loginRoleType === 'U' ? toSectionOptions(await noticeSections(db, { partyUserId: user.id })) : [];
  return withCurrent(offered, options, record?.values.section);
}

/** 被变更公告: the sent originals of the caller's sections. */
export async function offeredTargets({ db, caller, record, options }: OptionRequest) {
  await refreshTargetDictionary(db);
  const { user } = caller;
  if (user.loginRoleType === 'D') return options;
  const sections = user.loginRoleType === 'U' ? await noticeSections(db, { partyUserId: user.id }) : [];
  const offered = await targetOptions(
    db,
    sections.map((section) => section.id),
  );
  return withCurrent(offered, options, record?.values.target_notice);
}
