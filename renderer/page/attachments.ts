// Draws the images a rendered page embeds: the renderer cannot read the wiki's folder, so each
// file comes through the API (the same contract in the desktop app and the browser) as a data URL,
// which the Content-Security-Policy allows for images and nothing else.
import { cairn } from '../api/client.ts';

export function loadAttachments(box: HTMLElement): void {
  for (const img of box.querySelectorAll<HTMLImageElement>('img[data-attachment-path]')) {
    const { attachmentRoot: root, attachmentPath: path } = img.dataset;
    if (!root || !path || img.getAttribute('src')) continue;
    cairn.attachment({ root, path }).then(
      ({ mime, base64 }) => {
        img.src = `data:${mime};base64,${base64}`;
      },
      (err: Error) => {
        img.replaceWith(
          Object.assign(document.createElement('span'), { className: 'image-placeholder', textContent: `🖼 ${img.alt || path}`, title: err.message }),
        );
      },
    );
  }
}
