import type {
  AuditBody,
  NodeRef,
  RecordVersionBody,
  RunActionBody,
  RunActionResult,
  SaveRecordBody,
  SaveResult,
  WorkflowResult,
} from '@ks/contract';
import type { Db } from '../db/client.ts';
import type { SessionUser } from '../platform/access.ts';
import type { FileService } from '../platform/file-store.ts';
import type { UserNotices } from './user-notices.ts';

/** The demo accounts the seed acts as. */
export type DemoActor = 'admin' | 'developer' | 'enterprise' | 'personnel' | 'reviewer';

/** A demo asset attached to a sample record in one of its node's slots. */
export type DemoAttachment = { annexNo: string; asset: string; fileName: string };

/**
 * Records as the demo seed makes them: through the same services the routes use (checks, lifecycle
 * handlers, revisions, to-dos), as the given user.
 */
export interface DemoRecords {
  save(owner: SessionUser, body: SaveRecordBody): Promise<SaveResult>;
  submit(owner: SessionUser, body: RecordVersionBody): Promise<WorkflowResult>;
  audit(reviewer: SessionUser, body: AuditBody): Promise<WorkflowResult>;
  /** Runs a module action (decision 0030) as the route does: grants, states, version, revision, log. */
  act(user: SessionUser, code: string, body: RunActionBody): Promise<RunActionResult>;
  /** Uploads demo assets into the record's slots and marks them, as the record page does. */
  attach(
    owner: SessionUser,
    record: NodeRef & { id: string },
    attachments: readonly DemoAttachment[],
  ): Promise<void>;
}

/**
 * What a module's demo seeding gets (BusinessModule.demo): the seeding transaction (a failure
 * anywhere leaves an empty database), a file service on it, the demo accounts, and the records flow.
 */
export interface DemoSeed {
  db: Db;
  files: FileService;
  actors: Record<DemoActor, SessionUser>;
  ip: string;
  records: DemoRecords;
  userNotices: UserNotices;
}
