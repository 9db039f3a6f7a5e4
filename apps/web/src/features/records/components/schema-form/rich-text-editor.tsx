import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EDITOR_MAX_IMAGE_SIZE } from '@ks/contract/constants';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Select, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { getFeedback } from '@/lib/feedback.ts';
import { uploadEditorImage } from './upload-editor-image.ts';
import './rich-text-editor.css';

/** Images the upload route accepts (the server checks again). */
const IMAGE_ACCEPT = '.jpg,.jpeg,.jpe,.png,.webp,.gif,.bmp';
export const IMAGE_TOO_LARGE = `图片大小不能超过${Math.floor(EDITOR_MAX_IMAGE_SIZE / 1048576)}MB`;

export type RichTextEditorProps = {
  id?: string;
  /** HTML; '' when empty. */
  value: string;
  onChange?: (html: string) => void;
  readOnly?: boolean;
  height: number;
  placeholder?: string;
};

/** An empty document is '' on the wire, not '<p></p>'. */
// A destroyed editor (the form unmounted while an update was queued) has no schema to serialise with.
const htmlOf = (editor: Editor) => (editor.isDestroyed || editor.isEmpty ? '' : editor.getHTML());

function ToolButton(props: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={props.label}>
      <Button
        aria-label={props.label}
        aria-pressed={props.active}
        type={props.active ? 'primary' : 'text'}
        size="small"
        icon={props.icon}
        onClick={props.onClick}
        disabled={props.disabled}
      />
    </Tooltip>
  );
}

type HeadingLevel = 0 | 1 | 2 | 3;
const HEADINGS: { label: string; value: HeadingLevel }[] = [
  { label: '正文', value: 0 },
  { label: '标题1', value: 1 },
  { label: '标题2', value: 2 },
  { label: '标题3', value: 3 },
];

function Toolbar({ editor }: { editor: Editor }) {
  const [isUploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      heading: (([1, 2, 3] as const).find((level) => current.isActive('heading', { level })) ??
        0) as HeadingLevel,
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > EDITOR_MAX_IMAGE_SIZE) {
      getFeedback().warnMessage(IMAGE_TOO_LARGE);
      return;
    }
    setUploading(true);
    try {
      const image = await uploadEditorImage(file);
      editor.chain().focus().setImage({ src: image.url, alt: image.fileName }).run();
    } catch (error) {
      getFeedback().warnMessage((error as Error).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="ks-rich-text-toolbar" role="toolbar" aria-label="富文本工具栏">
      <Select<HeadingLevel>
        size="small"
        aria-label="段落格式"
        style={{ width: 88 }}
        value={state.heading}
        options={HEADINGS}
        onChange={(level: HeadingLevel) =>
          level === 0 ? chain().setParagraph().run() : chain().toggleHeading({ level }).run()
        }
      />
      <ToolButton
        label="加粗"
        icon={<BoldOutlined />}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label="斜体"
        icon={<ItalicOutlined />}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        label="下划线"
        icon={<UnderlineOutlined />}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        label="删除线"
        icon={<StrikethroughOutlined />}
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <ToolButton
        label="无序列表"
        icon={<UnorderedListOutlined />}
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label="有序列表"
        icon={<OrderedListOutlined />}
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label="插入图片"
        icon={<PictureOutlined />}
        disabled={isUploading}
        onClick={() => fileInput.current?.click()}
      />
      <ToolButton
        label="撤销"
        icon={<UndoOutlined />}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label="重做"
        icon={<RedoOutlined />}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-label="选择图片"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void onFile(file);
        }}
      />
    </div>
  );
}

/**
 * The rich-text editor, on TipTap. This module is
 * loaded lazily by the editor item, so ProseMirror stays out of every page without an editor.
 */
export default function RichTextEditor({
  id,
  value,
  onChange,
  readOnly = false,
  height,
  placeholder,
}: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false } }),
      Image,
      Placeholder.configure({ placeholder, showOnlyWhenEditable: false }),
    ],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    onUpdate: ({ editor: current }) => onChangeRef.current?.(htmlOf(current)),
    editorProps: { attributes: { ...(id ? { id } : {}), 'aria-multiline': 'true', role: 'textbox' } },
  });

  // A value set from outside (reset, a record loaded later) replaces the document without echoing back.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  return (
    <div className="ks-rich-text" style={{ height }} data-testid="rich-text-editor">
      {!readOnly && editor ? <Toolbar editor={editor} /> : null}
      <EditorContent editor={editor} className="ks-rich-text-body" />
    </div>
  );
}
