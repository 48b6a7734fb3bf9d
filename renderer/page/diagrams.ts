// Mermaid diagrams from ```mermaid fences, drawn offline in the page. Mermaid is large, so it loads
// (a chunk of its own) only when a page has a diagram. securityLevel 'strict': no click handlers,
// no script, labels as SVG text sanitized by Mermaid; its SVG is sanitized again by DOMPurify before it is shown.
// A diagram Mermaid cannot read keeps its source, with Mermaid's message under it.
import DOMPurify from 'dompurify';

type Mermaid = (typeof import('mermaid'))['default'];

let mermaid: Promise<Mermaid> | null = null;
let drawn = 0;

function loadMermaid(): Promise<Mermaid> {
  mermaid ??= import('mermaid').then(({ default: m }) => {
    const dark = document.documentElement.dataset.theme === 'dark';
    m.initialize({ startOnLoad: false, securityLevel: 'strict', htmlLabels: false, theme: dark ? 'dark' : 'default', suppressErrorRendering: true });
    return m;
  });
  return mermaid;
}

/** Mermaid's SVG as DOM: SVG only (labels are SVG text, not HTML in <foreignObject>), with its own <style>. */
const sanitizeSvg = (svg: string) => DOMPurify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM_FRAGMENT: true });

export async function drawDiagrams(box: HTMLElement): Promise<void> {
  const sources = [...box.querySelectorAll<HTMLElement>('pre > code.language-mermaid')];
  if (!sources.length) return;
  const m = await loadMermaid();
  for (const code of sources) {
    const pre = code.parentElement!;
    try {
      const { svg } = await m.render(`mermaid-${++drawn}`, code.textContent ?? '');
      const figure = pre.ownerDocument.createElement('div');
      figure.className = 'mermaid';
      figure.append(sanitizeSvg(svg));
      pre.replaceWith(figure);
    } catch (err) {
      const message = pre.ownerDocument.createElement('p');
      message.className = 'mermaid-error';
      message.textContent = `Mermaid could not draw this diagram: ${(err as Error).message}`;
      pre.after(message);
    }
  }
}
