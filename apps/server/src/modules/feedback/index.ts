import type { BusinessModule } from '../../engine/modules.ts';
import { feedbackRoutes } from './routes.ts';
import { FeedbackService } from './service.ts';

/** 意见反馈: users' feedback and the administrators' replies. */
export const FEEDBACK_MODULE: BusinessModule = {
  name: 'feedback',
  async routes(app, { db }) {
    await app.register(feedbackRoutes, { feedback: new FeedbackService(db) });
  },
};
