import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The 14 standard fonts' metrics, which react-pdf's Helvetica text refers to (a trailing slash is required).
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/**
 * The text of each page of a PDF, as a reader would extract it (pdfjs-dist): the items of a page joined by
 * spaces. Throws when the bytes are not a PDF that opens.
 */
export async function pdfPageTexts(bytes: Uint8Array | Buffer): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const content = await (await document.getPage(n)).getTextContent();
      let text = '';
      let end: { x: number; y: number } | null = null;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [x, y] = [item.transform[4] as number, item.transform[5] as number];
        // A run continues the one before (a change of font inside a word) when it starts where that ended.
        const joined = end !== null && Math.abs(end.y - y) < 1 && Math.abs(end.x - x) < 1;
        text += (text && !joined ? ' ' : '') + item.str;
        end = { x: x + item.width, y };
      }
      pages.push(text.replace(/\s+/g, ' ').trim());
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** The whole text of a PDF, its pages one after another. */
export const pdfText = async (bytes: Uint8Array | Buffer) => (await pdfPageTexts(bytes)).join(' ');
