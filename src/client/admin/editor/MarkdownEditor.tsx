import { Tabs, Text, Textarea } from '@mantine/core';
import {
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { DEFAULT_CONTENT_FORMAT, type ContentFormat } from '../../../domain/content-format.js';
import classes from './editor.module.css';
import { EditorToolbar, type ToolbarAction } from './EditorToolbar.js';
import { formattingActions } from './formatting-actions.js';
import { ImageAltModal } from './ImageAltModal.js';
import { MarkdownPreview } from './MarkdownPreview.js';
import { continueList, insertBlock, insertImage, type TextSelection } from './markdown-transforms.js';
import { useContentPreview } from './use-content-preview.js';
import { useImageUpload } from './use-image-upload.js';
import { useTextareaEdits } from './use-textarea-edits.js';
import { formatWordStats } from './word-count.js';

export type MarkdownEditorProps = {
  label: string;
  description?: ReactNode;
  /** From form.getInputProps(path). */
  value?: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
  /** How the text is read (legacy texts are 'plain'); the preview renders it the same way. */
  format?: ContentFormat;
  /** For a control outside the editor that adds text (the Mail composer's "Insert post"). */
  editorRef?: Ref<MarkdownEditorHandle>;
};

export type MarkdownEditorHandle = {
  /** Inserts a paragraph at the caret (where it was when the editor lost the focus), as one Undo step. */
  insertBlock: (markdown: string) => void;
};

type Mode = 'write' | 'preview';

const DEFAULT_DESCRIPTION =
  'Markdown: *italic*, **bold**, [link](https://…). Paste, drop or add images with the toolbar.';

/** The first image file of a paste or drop, if any. */
function imageFileOf(files: FileList): File | null {
  return Array.from(files).find((file) => file.type.startsWith('image/')) ?? files[0] ?? null;
}

type TextEdits = ReturnType<typeof useTextareaEdits>;

/**
 * An image picked, pasted or dropped: uploaded, then (its alt text asked) inserted where the caret was when it
 * came; closing the dialog gives the focus back to the text.
 */
function useImageInsertion(
  { selection, apply }: TextEdits,
  textarea: RefObject<HTMLTextAreaElement | null>,
  value: string,
) {
  const images = useImageUpload();
  const imageTarget = useRef<TextSelection | null>(null);
  const start = (file: File) => {
    imageTarget.current = selection();
    images.start(file);
  };
  const close = () => {
    images.reset();
    imageTarget.current = null;
    textarea.current?.focus();
  };
  const insert = (alt: string, path: string) => {
    const target = imageTarget.current ?? selection();
    const current = textarea.current?.value ?? value;
    apply(insertImage({ ...target, text: current }, alt, path));
    images.reset();
    imageTarget.current = null;
  };
  return { upload: images.upload, start, close, insert };
}

/** Enter continues a list; Ctrl/⌘ with a toolbar action's key runs it. */
function onEditorKeyDown(
  event: KeyboardEvent<HTMLTextAreaElement>,
  { selection, apply }: TextEdits,
  actions: ToolbarAction[],
) {
  const plainEnter =
    event.key === 'Enter' && !event.nativeEvent.isComposing && !(event.ctrlKey || event.metaKey || event.altKey);
  if (plainEnter && !event.shiftKey) {
    const continued = continueList(selection());
    if (continued) {
      event.preventDefault();
      apply(continued);
    }
    return;
  }
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  const action = actions.find((candidate) => candidate.shortcutKey === event.key.toLowerCase());
  if (!action) return;
  event.preventDefault();
  action.run();
}

/** The textarea's paste and drag-and-drop of image files (copied text wins over its picture). */
function imageDropHandlers(startImage: (file: File) => void, setDragging: (dragging: boolean) => void) {
  return {
    onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => {
      // Copied text may come with a picture of itself (office suites): text wins.
      if (event.clipboardData.types.includes('text/plain')) return;
      const file = imageFileOf(event.clipboardData.files);
      if (!file) return;
      event.preventDefault();
      startImage(file);
    },
    onDragOver: (event: DragEvent<HTMLTextAreaElement>) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent<HTMLTextAreaElement>) => {
      setDragging(false);
      const file = imageFileOf(event.dataTransfer.files);
      if (!file) return;
      event.preventDefault();
      startImage(file);
    },
  };
}

/** The editor's frame: the Write and Preview tabs, the formatting toolbar while writing, and the word count. */
function EditorFrame(props: {
  input: ReactNode;
  label: string;
  error?: ReactNode;
  mode: Mode;
  setMode: (mode: Mode) => void;
  textareaId: string;
  actions: ToolbarAction[];
  preview: ReturnType<typeof useContentPreview>;
  value: string;
  stats: string;
}) {
  const { label, mode, setMode, preview } = props;
  return (
    <div className={classes.frame} data-error={props.error ? true : undefined}>
      <Tabs value={mode} onChange={(next) => setMode(next === 'preview' ? 'preview' : 'write')} keepMounted>
        <div className={classes.header}>
          <Tabs.List aria-label={`${label}: write or preview`} className={classes.modeTabs}>
            <Tabs.Tab value="write">Write</Tabs.Tab>
            <Tabs.Tab value="preview">Preview</Tabs.Tab>
          </Tabs.List>
          {mode === 'write' && <EditorToolbar label="Formatting" controls={props.textareaId} actions={props.actions} />}
        </div>
        <Tabs.Panel value="write">{props.input}</Tabs.Panel>
        <Tabs.Panel value="preview" className={classes.preview} aria-busy={preview.pending}>
          <MarkdownPreview value={props.value} preview={preview} />
        </Tabs.Panel>
      </Tabs>
      <Text size="xs" c="dimmed" className={classes.stats}>
        {props.stats}
      </Text>
    </div>
  );
}

/**
 * The long-text field of the admin's forms: a Markdown textarea with a formatting toolbar and shortcuts, images
 * uploaded by picking, pasting or dropping (with required alt text), a preview rendered by the server exactly as
 * the public page renders it, and the word count with the reading time. What the author types is what is stored.
 */
export function MarkdownEditor({
  label,
  description = DEFAULT_DESCRIPTION,
  value = '',
  onChange,
  onFocus,
  onBlur,
  error,
  required,
  format = DEFAULT_CONTENT_FORMAT,
  editorRef,
}: MarkdownEditorProps) {
  const textareaId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>('write');
  const [dragging, setDragging] = useState(false);
  const preview = useContentPreview(value, format, mode === 'preview');
  // Counting a long text's words (a few ms at the size limit) never delays a keystroke.
  const counted = useDeferredValue(value);
  const stats = useMemo(() => formatWordStats(counted), [counted]);
  const edits = useTextareaEdits(textarea, value, onChange);
  const image = useImageInsertion(edits, textarea, value);

  // A validation error shows on the text, so the author sees it.
  useEffect(() => {
    if (error) setMode('write');
  }, [error]);
  useImperativeHandle(editorRef, () => ({
    insertBlock: (markdown: string) => {
      setMode('write');
      edits.apply(insertBlock(edits.selection(), markdown));
    },
  }));
  const transform = (change: (state: TextSelection) => TextSelection) => () => edits.apply(change(edits.selection()));
  const actions = formattingActions(transform, () => fileInput.current?.click());

  return (
    <>
      <Textarea
        id={textareaId}
        ref={textarea}
        label={label}
        description={description}
        withAsterisk={required}
        error={error}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onFocus={onFocus}
        onBlur={onBlur}
        onKeyDown={(event) => onEditorKeyDown(event, edits, actions)}
        {...imageDropHandlers(image.start, setDragging)}
        autosize
        minRows={12}
        maxRows={28}
        spellCheck
        variant="unstyled"
        classNames={{ input: classes.input }}
        data-dragging={dragging || undefined}
        inputContainer={(input) => (
          <EditorFrame {...{ input, label, error, mode, setMode, textareaId, actions, preview, value }} stats={stats} />
        )}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/*,.heic,.heif"
        hidden
        tabIndex={-1}
        aria-label={`Upload an image into ${label.toLowerCase()}`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) image.start(file);
        }}
      />
      <ImageAltModal upload={image.upload} onInsert={image.insert} onCancel={image.close} />
    </>
  );
}
