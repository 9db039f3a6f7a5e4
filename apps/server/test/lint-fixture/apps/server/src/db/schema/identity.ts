/** A platform table: any module may import it. */
export const users = { name: 'users' };
