import type { Db } from '../../db/client.ts';
import type { LifecycleEvents } from '../../engine/lifecycle.ts';
import type { EngineRegistry } from '../../engine/modules.ts';
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
  /** The modules' lifecycle handlers, which an import runs too (RecordSheets). */
  readonly events: LifecycleEvents;

  /**
   * The app's lifecycle handlers, module actions, option providers and the nodes entered on behalf of
   * an enterprise: a save runs a module's checks however it is made.
   */
  constructor(
    db: Db,
    {
      events,
      actions,
      options,
      onBehalf,
    }: Pick<EngineRegistry, 'events' | 'actions' | 'options' | 'onBehalf'>,
    estimates?: ListEstimates,
  ) {
    this.events = events;
    this.options = new RecordOptions(db, actions, options, onBehalf);
    this.lists = new RecordLists(db, this.options, actions, estimates);
    this.forms = new RecordForms(db, actions, onBehalf);
    this.writes = new RecordWrites(db, events, actions, onBehalf);
    this.actions = new RecordActions(db, actions);
  }
}
