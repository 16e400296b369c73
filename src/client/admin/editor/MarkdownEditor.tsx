import { Alert, Loader, Tabs, Text, Textarea } from '@mantine/core';
import {
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { DEFAULT_CONTENT_FORMAT, type ContentFormat } from '../../../domain/content-format.js';
import { AlertIcon, PhotoIcon } from '../../ui/icons.js';
import reading from '../../pages/reading.module.css';
import classes from './editor.module.css';
import {
  BoldIcon,
  BulletListIcon,
  FootnoteIcon,
  HeadingIcon,
  ItalicIcon,
  LinkIcon,
  NumberedListIcon,
  QuoteIcon,
  SceneBreakIcon,
} from './editor-icons.js';
import { EditorToolbar, type ToolbarAction } from './EditorToolbar.js';
import { ImageAltModal } from './ImageAltModal.js';
import {
  changedRange,
  continueList,
  insertBlock,
  insertFootnote,
  insertImage,
  insertLink,
  insertSceneBreak,
  toggleEmphasis,
  toggleLinePrefix,
  type TextSelection,
} from './markdown-transforms.js';
import { useContentPreview } from './use-content-preview.js';
import { useImageUpload } from './use-image-upload.js';
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
  const images = useImageUpload();
  // Counting a long text's words (a few ms at the size limit) never delays a keystroke.
  const counted = useDeferredValue(value);
  const stats = useMemo(() => formatWordStats(counted), [counted]);
  const imageTarget = useRef<TextSelection | null>(null);
  const pendingSelection = useRef<TextSelection | null>(null);

  // A validation error shows on the text, so the author sees it.
  useEffect(() => {
    if (error) setMode('write');
  }, [error]);

  // A change made through onChange (no browser editing available): its selection once React shows the text.
  useLayoutEffect(() => {
    const wanted = pendingSelection.current;
    const element = textarea.current;
    if (!wanted || !element || element.value !== wanted.text) return;
    pendingSelection.current = null;
    element.setSelectionRange(wanted.start, wanted.end);
  }, [value]);

  const selection = (): TextSelection => {
    const element = textarea.current;
    if (!element) return { text: value, start: value.length, end: value.length };
    return { text: element.value, start: element.selectionStart, end: element.selectionEnd };
  };

  /** Shows `next` in the textarea through the browser's editing (one Undo step), else through onChange. */
  const apply = (next: TextSelection) => {
    const element = textarea.current;
    if (!element) {
      onChange(next.text);
      return;
    }
    element.focus();
    const before = element.value;
    if (before !== next.text) {
      const { from, to, insert } = changedRange(before, next.text);
      element.setSelectionRange(from, to);
      let edited = false;
      try {
        // Deprecated but still the only way to change a textarea's text that the browser's Undo knows about.
        edited =
          insert === '' ? document.execCommand('delete', false) : document.execCommand('insertText', false, insert);
      } catch {
        // not supported here: the change goes through onChange below
      }
      if (!edited || element.value !== next.text) {
        pendingSelection.current = next;
        onChange(next.text);
        return;
      }
    }
    element.setSelectionRange(next.start, next.end);
  };

  const transform = (change: (state: TextSelection) => TextSelection) => () => apply(change(selection()));

  useImperativeHandle(editorRef, () => ({
    insertBlock: (markdown: string) => {
      setMode('write');
      apply(insertBlock(selection(), markdown));
    },
  }));

  const startImage = (file: File) => {
    imageTarget.current = selection();
    images.start(file);
  };

  const closeImage = () => {
    images.reset();
    imageTarget.current = null;
    textarea.current?.focus();
  };

  const insertUploadedImage = (alt: string, path: string) => {
    const target = imageTarget.current ?? selection();
    const current = textarea.current?.value ?? value;
    apply(insertImage({ ...target, text: current }, alt, path));
    images.reset();
    imageTarget.current = null;
  };

  const actions: ToolbarAction[] = [
    {
      id: 'bold',
      label: 'Bold',
      icon: <BoldIcon />,
      shortcutKey: 'b',
      run: transform((s) => toggleEmphasis(s, 2, 'bold text')),
    },
    {
      id: 'italic',
      label: 'Italic',
      icon: <ItalicIcon />,
      shortcutKey: 'i',
      run: transform((s) => toggleEmphasis(s, 1, 'italic text')),
    },
    { id: 'heading', label: 'Heading', icon: <HeadingIcon />, run: transform((s) => toggleLinePrefix(s, '## ')) },
    { id: 'link', label: 'Link', icon: <LinkIcon />, shortcutKey: 'k', run: transform(insertLink) },
    { id: 'quote', label: 'Block quote', icon: <QuoteIcon />, run: transform((s) => toggleLinePrefix(s, '> ')) },
    {
      id: 'bullets',
      label: 'Bulleted list',
      icon: <BulletListIcon />,
      run: transform((s) => toggleLinePrefix(s, '- ')),
    },
    {
      id: 'numbers',
      label: 'Numbered list',
      icon: <NumberedListIcon />,
      run: transform((s) => toggleLinePrefix(s, 'numbered')),
    },
    { id: 'scene-break', label: 'Scene break', icon: <SceneBreakIcon />, run: transform(insertSceneBreak) },
    { id: 'footnote', label: 'Footnote', icon: <FootnoteIcon />, run: transform(insertFootnote) },
    { id: 'image', label: 'Image', icon: <PhotoIcon size={18} />, run: () => fileInput.current?.click() },
  ];

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
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
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    // Copied text may come with a picture of itself (office suites): text wins.
    if (event.clipboardData.types.includes('text/plain')) return;
    const file = imageFileOf(event.clipboardData.files);
    if (!file) return;
    event.preventDefault();
    startImage(file);
  };

  const onDragOver = (event: DragEvent<HTMLTextAreaElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    setDragging(false);
    const file = imageFileOf(event.dataTransfer.files);
    if (!file) return;
    event.preventDefault();
    startImage(file);
  };

  const previewBody = () => {
    if (value.trim() === '') return <Text c="dimmed">Nothing to preview yet.</Text>;
    if (preview.html === null && preview.error === null)
      return (
        <Text c="dimmed" className={classes.previewLoading}>
          <Loader size="xs" type="dots" /> Rendering the preview…
        </Text>
      );
    return (
      <>
        {preview.error && (
          <Alert color="red" variant="light" icon={<AlertIcon size={18} />} title="Preview failed" role="alert" mb="md">
            {preview.error}
          </Alert>
        )}
        {preview.html !== null && (
          // The server's renderer: raw HTML in the text is escaped, links and images are filtered. The public
          // pages' reading styles (headings, links, quotes, scene breaks, footnotes, drop cap) show it as readers will.
          <div
            className={`${reading.body} ${reading.prose} ${reading.dropCap} ${classes.previewBody}`}
            dangerouslySetInnerHTML={{ __html: preview.html }}
          />
        )}
      </>
    );
  };

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
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        autosize
        minRows={12}
        maxRows={28}
        spellCheck
        variant="unstyled"
        classNames={{ input: classes.input }}
        data-dragging={dragging || undefined}
        inputContainer={(input) => (
          <div className={classes.frame} data-error={error ? true : undefined}>
            <Tabs value={mode} onChange={(next) => setMode(next === 'preview' ? 'preview' : 'write')} keepMounted>
              <div className={classes.header}>
                <Tabs.List aria-label={`${label}: write or preview`} className={classes.modeTabs}>
                  <Tabs.Tab value="write">Write</Tabs.Tab>
                  <Tabs.Tab value="preview">Preview</Tabs.Tab>
                </Tabs.List>
                {mode === 'write' && <EditorToolbar label="Formatting" controls={textareaId} actions={actions} />}
              </div>
              <Tabs.Panel value="write">{input}</Tabs.Panel>
              <Tabs.Panel value="preview" className={classes.preview} aria-busy={preview.pending}>
                {previewBody()}
              </Tabs.Panel>
            </Tabs>
            <Text size="xs" c="dimmed" className={classes.stats}>
              {stats}
            </Text>
          </div>
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
          if (file) startImage(file);
        }}
      />
      <ImageAltModal upload={images.upload} onInsert={insertUploadedImage} onCancel={closeImage} />
    </>
  );
}
