import type { Db } from '../../db/client.ts';
import { LifecycleEvents, unwiredOutbox } from '../../engine/lifecycle.ts';
import { ModuleActions } from '../../engine/module-actions.ts';
import { RecordActions } from './action-service.ts';
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
  readonly actions: RecordActions;

  constructor(
    db: Db,
    estimates?: ListEstimates,
    events = new LifecycleEvents(unwiredOutbox),
    actions = new ModuleActions(unwiredOutbox),
  ) {
    this.options = new RecordOptions(db, actions);
    this.lists = new RecordLists(db, this.options, actions, estimates);
    this.forms = new RecordForms(db, actions);
    this.writes = new RecordWrites(db, events, actions);
    this.actions = new RecordActions(db, actions);
  }
}
