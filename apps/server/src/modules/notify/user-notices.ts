import type { UserNotices } from '../../engine/user-notices.ts';
import { notifyInstances } from './push-bus.ts';
import * as repo from './repository.ts';

/** Business modules' notices to one user (engine/user-notices.ts): a banner message, pushed live. */
export const userNotices: UserNotices = {
  async sendJobResult(tx, notice) {
    const row = await repo.insertMessage(tx, {
      category: 'job_result',
      msgType: 1,
      title: notice.title,
      messages: notice.messages,
      audience: 'users',
    });
    await repo.insertDelivery(tx, row.id, notice.userId);
    await notifyInstances(tx, { t: 'm', id: row.id });
    return row.id;
  },
};
