import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { renderWhere } from './list-estimates.ts';

const dialect = new PgDialect();
const R = sql.identifier('r');

describe('renderWhere', () => {
  it('embeds as the same statement text and values as the WHERE it was rendered from', () => {
    const where = sql`${R}.deleted_at is null and ${R}.owner_enterprise_id = ${'704015b0-260a-48a5-8117-b8c6f4fec18c'}::uuid and (${R}.order_status = ${'paid'} and ${R}.quantity > ${50} and ${R}.tags && ${'{"a","b"}'}::text[] and ${R}.title ilike ${'%订单$1%'})`;
    const rendered = renderWhere('orders', where);
    const embed = (part: typeof where) =>
      dialect.sqlToQuery(sql`select 1 from t ${R} where ${part} and ${R}.id > ${7} limit ${20}`);
    expect(embed(rendered.where)).toEqual(embed(where));
    expect(rendered.key).toBe(
      `orders\n${dialect.sqlToQuery(where).sql}\n${JSON.stringify(dialect.sqlToQuery(where).params)}`,
    );
  });

  it('keys two WHEREs apart by their values', () => {
    const of = (status: string) => renderWhere('orders', sql`${R}.order_status = ${status}`).key;
    expect(of('paid')).not.toBe(of('done'));
    expect(of('paid')).toBe(of('paid'));
  });
});
