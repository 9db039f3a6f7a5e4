import {
  type FormGroup,
  type FormItem,
  type FormOption,
  isComputedType,
  isEmptyValue,
  keysChildOptions,
  type NativeValue,
  OPTION_LIST_TYPES,
  optionParentOf,
  PARENT_FIRST_MESSAGE,
  parentDayOf,
  parentsOf,
  recordFromWire,
  recordToWire,
  requiredMessage,
  toggledChildren,
  toWire,
  VALUE_KIND_OF,
  type ValidationContext,
  validateItem,
  validateRecord,
  visibleItems,
  type WireRecord,
} from '@ks/contract/form-schema';
import { Col, Form, type FormRule, Row, Typography } from 'antd';
import {
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { isApiError } from '@/lib/http.ts';
import { spanOf, useWindowWidth } from './layout.ts';
import { displayText, needsLoader, normalizeOptions, staticOptionsOf } from './options.ts';
import { rendererOf } from './registry.ts';
import type { FieldContext } from './types.ts';

export type SchemaFormHandle = {
  /** Validates with the contract's validateRecord; resolves the wire record, or null with errors shown under fields. */
  submit(): Promise<WireRecord | null>;
  /** Places the server's {field: message} map under the fields. */
  setErrors(errors: Record<string, string>): void;
  reset(): void;
  getValues(): WireRecord;
};
/**
 * Loads an item's options. A refusal (an API error with code 400, e.g. a module's 请先选择所属企业)
 * is shown under the field; other failures have been reported by the client.
 */
export type OptionLoader = (item: FormItem, parentValue: string | undefined) => Promise<FormOption[]>;
export type SchemaFormProps = {
  items: FormItem[];
  groups?: FormGroup[];
  initialValues?: WireRecord | null;
  /** Detail mode: every item read-only, editor 450 px. */
  readOnly?: boolean;
  /** Fixed-detail layout setting: breakpoints 1536 and 0 instead of 1280 and 1536. */
  fixedDetail?: boolean;
  /** Options of items whose source is not static, and of child selects (parentValue = the parent's value). */
  loadOptions?: OptionLoader;
  /**
   * What the loader's answers depend on beyond the item and its parent (the enterprise a new record
   * is entered for: decision 0060): when it changes, every option list is asked again.
   */
  optionsKey?: string;
  onValuesChange?: (values: WireRecord) => void;
};

type NativeRecord = Record<string, NativeValue | undefined>;

/** Parents a person types into; their children reload once typing pauses this long. */
const TYPED_TYPES = new Set<FormItem['type']>(['text', 'textarea', 'number', 'input-number', 'select-edit']);
export const TYPED_PARENT_RELOAD_MS = 300;

const BOOLEAN_TEXT: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

/**
 * Wire values to the form's native ones (arrays for joined multi-values). A switch nobody set is off;
 * a switch that arrives as 'true'/'1'/'false'/'0' text is read as the boolean it means.
 */
function initialNativeValues(items: readonly FormItem[], wire: WireRecord | null | undefined): NativeRecord {
  const values: NativeRecord = recordFromWire(items, wire ?? {});
  for (const item of items) {
    if (VALUE_KIND_OF[item.type] !== 'boolean') continue;
    const value = values[item.code];
    if (typeof value !== 'boolean') values[item.code] = BOOLEAN_TEXT[String(value)] ?? false;
  }
  return values;
}

/** The switch-1 states that decide which children are in play. */
const switchStates = (items: readonly FormItem[], values: NativeRecord): NativeRecord =>
  Object.fromEntries(
    items.filter((item) => item.type === 'switch-1').map((item) => [item.code, values[item.code]]),
  );

/** Items grouped by groupNumber, in the order the groups first appear; items keep the given order. */
function sectionsOf(items: readonly FormItem[], groups: readonly FormGroup[]) {
  const sections = new Map<string, { key: string; title: string; items: FormItem[] }>();
  for (const item of items) {
    let section = sections.get(item.groupNumber);
    if (!section) {
      const title = groups.find((group) => group.groupNumber === item.groupNumber)?.name ?? '';
      section = { key: item.groupNumber || '(none)', title, items: [] };
      sections.set(item.groupNumber, section);
    }
    section.items.push(item);
  }
  return [...sections.values()];
}

/** The detail mode's text of a value: option labels, joined multi-values, 是/否. */
function DetailValue({
  id,
  item,
  options,
  value,
}: {
  id?: string;
  item: FormItem;
  options: FormOption[];
  value?: NativeValue;
}) {
  return (
    <span id={id} className="ks-detail-value">
      {displayText(item, value, options)}
    </span>
  );
}

/**
 * The one form renderer (dynamic form, schema-driven detail form;
 * "Dynamic form"): draws a node's form schema on antd's Form, validates with the contract's
 * validateRecord (the function the server runs on save) and speaks wire values outside.
 */
export const SchemaForm = forwardRef<SchemaFormHandle, SchemaFormProps>(function SchemaForm(
  {
    items,
    groups = [],
    initialValues,
    readOnly = false,
    fixedDetail = false,
    loadOptions,
    optionsKey,
    onValuesChange,
  },
  ref,
) {
  const [form] = Form.useForm<NativeRecord>();
  const width = useWindowWidth();

  // Callers often pass fresh arrays and objects on every render: key the schema and the initial values
  // by content, so a re-render does not reset what the person typed.
  const itemsKey = JSON.stringify(items);
  const initialKey = JSON.stringify(initialValues ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content on purpose (see above).
  const schema = useMemo(() => items, [itemsKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content on purpose (see above).
  const initial = useMemo(() => initialNativeValues(schema, initialValues), [schema, initialKey]);
  const byCode = useMemo(() => new Map(schema.map((item) => [item.code, item])), [schema]);
  const staticOptions = useMemo(
    () => new Map(schema.map((item) => [item.code, staticOptionsOf(item)])),
    [schema],
  );
  // Field ids are `${formName}_${code}`: a name per form keeps two forms on one page apart.
  const formName = `ks-form-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const [toggles, setToggles] = useState<NativeRecord>(() => switchStates(schema, initial));
  const [loaded, setLoaded] = useState<Record<string, FormOption[]>>({});
  /** Why an item offers no options: the server's refusal of its option call. */
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const requestSeq = useRef<Record<string, number>>({});
  const loaderRef = useRef(loadOptions);
  loaderRef.current = loadOptions;
  const onValuesChangeRef = useRef(onValuesChange);
  onValuesChangeRef.current = onValuesChange;

  const typedReloads = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const currentValues = useCallback(() => form.getFieldsValue(true) as NativeRecord, [form]);

  const optionsOf = useCallback(
    (item: FormItem): FormOption[] =>
      needsLoader(item, byCode) && loaderRef.current
        ? (loaded[item.code] ?? [])
        : (staticOptions.get(item.code) ?? staticOptionsOf(item)),
    [byCode, loaded, staticOptions],
  );
  const validationContext: ValidationContext = useMemo(
    () => ({
      optionsOf: (item) => (needsLoader(item, byCode) && loaderRef.current ? loaded[item.code] : undefined),
    }),
    [byCode, loaded],
  );

  /** (Re)loads an item's options: a child's for its parent's value (none while the parent is empty). */
  const reloadOptions = useCallback(
    (item: FormItem, values: NativeRecord) => {
      const loader = loaderRef.current;
      if (!loader || !needsLoader(item, byCode)) return;
      const seq = (requestSeq.current[item.code] ?? 0) + 1;
      requestSeq.current[item.code] = seq;
      const settle = (options: FormOption[], refusal = '') => {
        if (requestSeq.current[item.code] !== seq) return;
        setLoaded((prev) => ({ ...prev, [item.code]: options }));
        setRefusals((prev) => {
          if ((prev[item.code] ?? '') === refusal) return prev;
          const { [item.code]: _dropped, ...rest } = prev;
          return refusal ? { ...rest, [item.code]: refusal } : rest;
        });
      };
      const parent = optionParentOf(item, byCode);
      let parentValue: string | undefined;
      if (parent) {
        const raw = values[parent.code];
        if (isEmptyValue(raw)) {
          settle([]);
          return;
        }
        parentValue = String(toWire(parent.type, raw as NativeValue));
      }
      loader(item, parentValue).then(
        (options) => settle(normalizeOptions(options)),
        (error: unknown) => settle([], isApiError(error) && error.code === 400 ? error.message : ''),
      );
    },
    [byCode],
  );

  /**
   * Items whose options hang under `code` ("changing a parent select or cascader clears
   * and reloads child options"): those with it as their option parent, and a select's declared
   * children that offer options. A parent keying no options (a date, a switch) has none: an end
   * date keeps its value when its start date changes.
   */
  const dependentsOf = useCallback(
    (code: string): string[] => {
      const owner = byCode.get(code);
      if (!owner || !keysChildOptions(owner.type)) return [];
      const byParent = schema
        .filter((item) => optionParentOf(item, byCode)?.code === code)
        .map((item) => item.code);
      return [...new Set([...toggledChildren(owner), ...byParent])].filter((child) => {
        const type = byCode.get(child)?.type;
        return type !== undefined && OPTION_LIST_TYPES.includes(type);
      });
    },
    [byCode, schema],
  );

  /**
   * The computed fields' preview (decision 0017): the contract's validateRecord computes them from
   * the other values as the server will on save; a field whose inputs do not pass shows empty.
   */
  const computedItems = useMemo(() => schema.filter((item) => isComputedType(item.type)), [schema]);
  const previewComputed = useCallback(() => {
    if (!computedItems.length) return;
    const { clean } = validateRecord(schema, currentValues(), validationContext);
    form.setFields(computedItems.map((item) => ({ name: item.code, value: clean[item.code] ?? null })));
  }, [computedItems, currentValues, form, schema, validationContext]);

  const emitChange = useCallback(() => {
    previewComputed();
    const handler = onValuesChangeRef.current;
    if (!handler) return;
    const values = currentValues();
    const { visible } = visibleItems(schema, values);
    handler(recordToWire(visible, nativeOf(visible, values)));
  }, [currentValues, previewComputed, schema]);

  /**
   * What follows a change of `code`: a switch-1 shows or hides its children and clears
   * them; a parent clears the children whose options hang under it (and theirs) and reloads them.
   */
  const afterChange = useCallback(
    (code: string) => {
      const item = byCode.get(code);
      if (!item) return;
      const values = currentValues();
      const nextToggles: NativeRecord = {};
      if (item.type === 'switch-1') nextToggles[code] = values[code];
      const queue = [...(item.type === 'switch-1' ? toggledChildren(item) : []), ...dependentsOf(code)];
      const cleared = new Set<string>();
      while (queue.length) {
        const child = queue.shift() as string;
        if (child === code || cleared.has(child) || !byCode.has(child)) continue;
        cleared.add(child);
        const childItem = byCode.get(child) as FormItem;
        if (childItem.type === 'switch-1') {
          nextToggles[child] = null;
          queue.push(...toggledChildren(childItem));
        }
        queue.push(...dependentsOf(child));
      }
      if (cleared.size)
        form.setFields([...cleared].map((child) => ({ name: child, value: null, errors: [] })));
      if (Object.keys(nextToggles).length) setToggles((prev) => ({ ...prev, ...nextToggles }));
      const reloadChildren = () => {
        const after = currentValues();
        for (const child of cleared) reloadOptions(byCode.get(child) as FormItem, after);
      };
      if (!cleared.size) return;
      // A typed parent would ask for its children's options on every keystroke: wait for a pause.
      if (TYPED_TYPES.has(item.type)) {
        clearTimeout(typedReloads.current[code]);
        typedReloads.current[code] = setTimeout(reloadChildren, TYPED_PARENT_RELOAD_MS);
      } else reloadChildren();
    },
    [byCode, currentValues, dependentsOf, form, reloadOptions],
  );
  useEffect(() => {
    const timers = typedReloads.current;
    return () => {
      for (const timer of Object.values(timers)) clearTimeout(timer);
    };
  }, []);

  // A new schema or record: back to its values, its switch states and its options.
  const isMounted = useRef(false);
  useEffect(() => {
    if (isMounted.current) form.resetFields();
    isMounted.current = true;
    setToggles(switchStates(schema, initial));
    for (const item of schema) reloadOptions(item, initial);
  }, [form, schema, initial, reloadOptions]);

  // The loader's context changed: every option list is asked again, under what is filled in now.
  const lastOptionsKey = useRef(optionsKey);
  useEffect(() => {
    if (lastOptionsKey.current === optionsKey) return;
    lastOptionsKey.current = optionsKey;
    const values = currentValues();
    for (const item of schema) reloadOptions(item, values);
  }, [optionsKey, schema, currentValues, reloadOptions]);

  useImperativeHandle(ref, () => ({
    async submit() {
      const values = currentValues();
      const { errors, clean } = validateRecord(schema, values, validationContext);
      const { visible } = visibleItems(schema, values);
      form.setFields(
        visible.map((item) => ({
          name: item.code,
          errors: errors[item.code] ? [errors[item.code] as string] : [],
        })),
      );
      const first = visible.find((item) => errors[item.code]);
      if (first) {
        try {
          form.scrollToField(first.code, { block: 'center' });
        } catch {
          // Scrolling is a courtesy; environments without layout cannot do it.
        }
        return null;
      }
      return recordToWire(schema, clean);
    },
    setErrors(errors) {
      form.setFields(
        Object.entries(errors)
          .filter(([code, message]) => byCode.has(code) && typeof message === 'string')
          .map(([code, message]) => ({ name: code, errors: [message] })),
      );
    },
    reset() {
      form.resetFields();
      setToggles(switchStates(schema, initial));
      for (const item of schema) reloadOptions(item, initial);
    },
    getValues() {
      const values = currentValues();
      const { visible } = visibleItems(schema, values);
      return recordToWire(visible, nativeOf(visible, values));
    },
  }));

  const { visible, toggledOn } = visibleItems(schema, toggles);
  const sections = sectionsOf(visible, groups);

  const contextOf = (item: FormItem): FieldContext => ({
    item,
    options: optionsOf(item),
    isDisabled: item.readonly,
    isDetail: readOnly,
    parentDay: () => parentDayOf(item, byCode, currentValues())?.day ?? null,
    canOpen: () => {
      const values = currentValues();
      const isParentEmpty = parentsOf(item).some((parent) => isEmptyValue(values[parent]));
      if (isParentEmpty && item.groupNumber.includes('_x')) {
        getFeedback().warnMessage(PARENT_FIRST_MESSAGE);
        return false;
      }
      return true;
    },
    replaceValue: (value, message) => {
      form.setFields([{ name: item.code, value, errors: message ? [message] : [] }]);
      afterChange(item.code);
      emitChange();
    },
  });

  // While a person edits, each field is checked by the contract's own item check (required waits for
  // submit), so a regex prompt or a too-long text shows as it is typed.
  const ruleOf = (item: FormItem): FormRule => ({
    validator: async (_rule, value: NativeValue | undefined) => {
      const message = validateItem(item, value, false, requiredMessage(item.name), validationContext);
      if (message) throw new Error(message);
    },
  });

  return (
    <Form<NativeRecord>
      form={form}
      name={formName}
      layout="vertical"
      initialValues={initial}
      onValuesChange={(changed) => {
        for (const code of Object.keys(changed)) afterChange(code);
        emitChange();
      }}
      className="ks-schema-form"
    >
      {sections.map((section) => (
        <section key={section.key} aria-label={section.title || undefined}>
          {section.title ? <Typography.Title level={5}>{section.title}</Typography.Title> : null}
          <Row gutter={16}>
            {section.items.map((item) => {
              const Renderer = rendererOf(item);
              const context = contextOf(item);
              const isRequired = toggledOn.has(item.code) || item.required === '1' || item.required === '2';
              return (
                <Col key={item.code} span={spanOf(width, item.col, fixedDetail)} data-code={item.code}>
                  <Form.Item
                    name={item.code}
                    label={item.name}
                    required={!readOnly && isRequired && !isComputedType(item.type)}
                    tooltip={item.tips || undefined}
                    extra={readOnly ? undefined : refusals[item.code]}
                    rules={readOnly || isComputedType(item.type) ? [] : [ruleOf(item)]}
                  >
                    {readOnly && item.type !== 'editor' ? (
                      <DetailValue item={item} options={context.options} />
                    ) : (
                      <Renderer {...context} />
                    )}
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </section>
      ))}
    </Form>
  );
});

/** The in-play items' values, empty ones as null. */
function nativeOf(visible: readonly FormItem[], values: NativeRecord): NativeRecord {
  return Object.fromEntries(
    visible.map((item) => {
      const value = values[item.code];
      return [item.code, isEmptyValue(value) ? null : value];
    }),
  );
}
