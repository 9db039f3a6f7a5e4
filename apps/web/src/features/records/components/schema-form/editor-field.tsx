import { DETAIL_EDITOR_HEIGHT, DETAIL_EDITOR_PLACEHOLDER, EDITOR_HEIGHT } from '@ks/contract/constants';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { FieldProps } from './types.ts';

/** TipTap and ProseMirror weigh about as much as antd's form: only pages with an editor item load them. */
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/**
 * editor: HTML from the rich-text editor, 350 px high; in the detail form read-only, 450 px, with the
 * placeholder 请填写内容.
 */
export function EditorField({ item, id, value, onChange, isDisabled, isDetail }: FieldProps) {
  const height = isDetail ? DETAIL_EDITOR_HEIGHT : EDITOR_HEIGHT;
  return (
    <Suspense fallback={<Skeleton active style={{ height }} />}>
      <RichTextEditor
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(html) => onChange?.(html)}
        readOnly={isDetail || isDisabled}
        height={height}
        placeholder={isDetail ? DETAIL_EDITOR_PLACEHOLDER : item.prompt || DETAIL_EDITOR_PLACEHOLDER}
      />
    </Suspense>
  );
}
