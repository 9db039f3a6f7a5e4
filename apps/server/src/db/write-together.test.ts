import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unique, useTestApp } from '../../test/helper.ts';
import { rsaKeys } from './schema/index.ts';
import { writeTogether } from './write-together.ts';

const getApp = useTestApp();

describe('writeTogether', () => {
  const keyInsert = (id: string) =>
    getApp().db.insert(rsaKeys).values({ id, publicKey: 'pub', privateKey: 'priv' }).getSQL();
  const stored = async (ids: string[]) =>
    (await getApp().db.select({ id: rsaKeys.id }).from(rsaKeys).where(inArray(rsaKeys.id, ids)))
      .map((row) => row.id)
      .sort();

  it('runs every write once, in one statement', async () => {
    const ids = [unique('a'), unique('b'), unique('c')].sort();
    await writeTogether(getApp().db, ids.map(keyInsert));
    expect(await stored(ids)).toEqual(ids);
  });

  it.each([
    ['the last', (taken: string, fresh: string) => [fresh, taken]],
    ['an earlier', (taken: string, fresh: string) => [taken, fresh]],
  ])('keeps none of the writes when %s one fails', async (_which, order) => {
    const taken = unique('taken');
    await writeTogether(getApp().db, [keyInsert(taken)]);
    const fresh = unique('fresh');
    await expect(writeTogether(getApp().db, order(taken, fresh).map(keyInsert))).rejects.toThrow();
    expect(await stored([fresh])).toEqual([]);
  });
});
