import type { Db } from '../../db/client.ts';
import type { LifecycleEvents } from '../../engine/lifecycle.ts';
import { RecordForms } from './form-service.ts';
import type { ListEstimates } from './list-estimates.ts';
import { RecordLists } from './list-service.ts';
import { RecordOptions } from './option-service.ts';
import { RecordWrites } from './write-service.ts';

/**
 * The records runtime over node tables: lists under row scope, forms, validated saves with history,
 * deletes, options, buttons and charts. Permissions are decided per node, function and row (the
 * engine core); each part lives in its own service.
 */
export class RecordService {
  readonly options: RecordOptions;
  readonly lists: RecordLists;
  readonly forms: RecordForms;
  readonly writes: RecordWrites;

  /** `events`: the app's lifecycle handlers, so a save runs a module's checks however it is made. */
  constructor(db: Db, events: LifecycleEvents, estimates?: ListEstimates) {
    this.options = new RecordOptions(db);
    this.lists = new RecordLists(db, this.options, estimates);
    this.forms = new RecordForms(db);
    this.writes = new RecordWrites(db, events);
  }
}
