// Obsidian callouts: a blockquote that opens with `[!type]` (then `-` folded or `+` open, then a
// title) becomes a callout with the kind's icon and colour. The title is the rest of the first
// line as rendered, inline markup and links kept. A foldable callout is a <details>, so the browser
// folds it from the mouse and the keyboard alike.
import {
  Bug,
  Check,
  CircleCheck,
  CircleQuestionMark,
  ClipboardList,
  createElement,
  Flame,
  Info,
  List,
  Pencil,
  Quote,
  TriangleAlert,
  X,
  Zap,
  type IconNode,
} from 'lucide';

/** Obsidian's callout kinds, each under the names Obsidian accepts for it, with Obsidian's icon. */
const KINDS: Record<string, { names: string[]; icon: IconNode }> = {
  note: { names: ['note'], icon: Pencil },
  abstract: { names: ['abstract', 'summary', 'tldr'], icon: ClipboardList },
  info: { names: ['info'], icon: Info },
  todo: { names: ['todo'], icon: CircleCheck },
  tip: { names: ['tip', 'hint', 'important'], icon: Flame },
  success: { names: ['success', 'check', 'done'], icon: Check },
  question: { names: ['question', 'help', 'faq'], icon: CircleQuestionMark },
  warning: { names: ['warning', 'caution', 'attention'], icon: TriangleAlert },
  failure: { names: ['failure', 'fail', 'missing'], icon: X },
  danger: { names: ['danger', 'error'], icon: Zap },
  bug: { names: ['bug'], icon: Bug },
  example: { names: ['example'], icon: List },
  quote: { names: ['quote', 'cite'], icon: Quote },
};

const KIND_OF = new Map(Object.entries(KINDS).flatMap(([kind, { names }]) => names.map((name) => [name, kind] as const)));

const MARKER = /^\[!([A-Za-z][\w-]*)\]([+-]?)[ \t]*/;

/** The kind a callout type belongs to; an unknown type is drawn as a note, as Obsidian does. */
export const calloutKind = (type: string): string => KIND_OF.get(type) ?? 'note';

/** Moves the nodes of the first line (up to its line break) out of `para`. */
function takeFirstLine(para: Element): Node[] {
  const line: Node[] = [];
  for (let node = para.firstChild; node; node = para.firstChild) {
    if (node.nodeName === 'BR') {
      node.remove();
      break;
    }
    if (node.nodeType === Node.TEXT_NODE && (node as Text).data.includes('\n')) {
      const text = node as Text;
      const cut = text.data.indexOf('\n');
      line.push(text.ownerDocument.createTextNode(text.data.slice(0, cut)));
      text.data = text.data.slice(cut + 1);
      break;
    }
    line.push(node);
    node.remove();
  }
  return line;
}

function calloutTitle(doc: Document, tag: 'div' | 'summary', kind: string, type: string, line: Node[]): HTMLElement {
  const title = doc.createElement(tag);
  title.className = 'callout-title';
  const icon = createElement(KINDS[kind]!.icon, { class: 'callout-icon', 'aria-hidden': 'true' });
  const text = doc.createElement('span');
  text.className = 'callout-title-text';
  text.append(...line);
  if (!text.textContent?.trim()) text.textContent = type.charAt(0).toUpperCase() + type.slice(1);
  title.append(icon, text);
  return title;
}

function renderCallout(quote: HTMLQuoteElement, para: Element, marker: RegExpExecArray): void {
  const doc = quote.ownerDocument;
  const type = marker[1]!.toLowerCase();
  const kind = calloutKind(type);
  const fold = marker[2];
  (para.firstChild as Text).data = (para.firstChild as Text).data.slice(marker[0].length);
  const line = takeFirstLine(para);
  if (!para.textContent?.trim() && para.children.length === 0) para.remove();
  const content = doc.createElement('div');
  content.className = 'callout-content';
  content.append(...quote.childNodes);
  const box: HTMLElement = fold ? doc.createElement('details') : quote;
  box.classList.add('callout', `callout-${type}`);
  box.dataset.callout = type;
  box.dataset.calloutKind = kind;
  box.append(calloutTitle(doc, fold ? 'summary' : 'div', kind, type, line), content);
  if (!fold) return;
  (box as HTMLDetailsElement).open = fold === '+';
  box.dataset.calloutFold = fold;
  quote.replaceWith(box);
}

export function renderCallouts(root: DocumentFragment | Element): void {
  for (const quote of root.querySelectorAll('blockquote')) {
    const para = quote.firstElementChild;
    const lead = para?.tagName === 'P' ? para.firstChild : null;
    if (!lead || lead.nodeType !== Node.TEXT_NODE) continue;
    const marker = MARKER.exec((lead as Text).data);
    if (marker) renderCallout(quote, para!, marker);
  }
}
