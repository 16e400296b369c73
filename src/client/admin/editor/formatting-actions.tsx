import { PhotoIcon } from '../../ui/icons.js';
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
import type { ToolbarAction } from './EditorToolbar.js';
import {
  insertFootnote,
  insertLink,
  insertSceneBreak,
  toggleEmphasis,
  toggleLinePrefix,
  type TextSelection,
} from './markdown-transforms.js';

/** The toolbar's buttons (and their shortcuts): each runs a transform of the text, or picks an image. */
export function formattingActions(
  transform: (change: (state: TextSelection) => TextSelection) => () => void,
  pickImage: () => void,
): ToolbarAction[] {
  return [
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
    { id: 'image', label: 'Image', icon: <PhotoIcon size={18} />, run: pickImage },
  ];
}
