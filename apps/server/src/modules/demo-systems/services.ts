import type { Db } from '../../db/client.ts';
import type { DemoActor, DemoSeed } from '../../engine/demo.ts';
import type { EngineRegistry } from '../../engine/modules.ts';
import type { ReviewNotices } from '../../engine/review-notices.ts';
import type { SessionUser } from '../../platform/access.ts';
import type { FileService } from '../../platform/file-store.ts';
import { reviewNotices } from '../notify/review-notices.ts';
import { TodoService } from '../notify/todo-service.ts';
import { userNotices } from '../notify/user-notices.ts';
import { RecordService } from '../records/service.ts';
import { WorkflowService } from '../workflow/service.ts';
import { attachDemoFiles } from './attachments.ts';

/**
 * The services the demo seeds act through, built once on the seeding transaction, so every seed
 * saves, submits and reviews exactly as the routes' services do (and opens the same to-dos).
 */
export interface DemoServices {
  db: Db;
  files: FileService;
  engine: EngineRegistry;
  records: RecordService;
  workflow: WorkflowService;
  notices: ReviewNotices;
}

export function demoServices(db: Db, files: FileService, engine: EngineRegistry): DemoServices {
  const notices = reviewNotices(new TodoService(db));
  return {
    db,
    files,
    engine,
    records: new RecordService(db, engine),
    workflow: new WorkflowService(db, notices, engine.events),
    notices,
  };
}

/** What a module's demo seeding acts through (BusinessModule.demo): these services, as the actors. */
export function demoSeed(
  { db, files, records, workflow }: DemoServices,
  actors: Record<DemoActor, SessionUser>,
  ip: string,
): DemoSeed {
  return {
    db,
    files,
    actors,
    ip,
    userNotices,
    records: {
      save: (owner, body) => records.writes.save(owner, body, { ip }),
      submit: (owner, body) => workflow.submit(owner, body, ip),
      audit: (reviewer, body) => workflow.audit(reviewer, body, ip),
      act: (user, code, body) => records.actions.run(user, code, body, { ip }),
      attach: (owner, record, attachments) => attachDemoFiles(db, files, owner, record, attachments, ip),
    },
  };
}
