import { fileTypeFromBuffer } from 'file-type';

/**
 * The type of an attachment, from its content, never its name or the client's claim (DESIGN 5): any type
 * may be attached, but it is served as what it is. Text without a signature is text/plain when it decodes as
 * UTF-8 without NULs; anything else unrecognised is application/octet-stream (downloaded, never rendered).
 */
export async function detectContentType(bytes: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detected.mime;
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) return 'application/octet-stream';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(
      sample.length < bytes.length ? trimPartialChar(sample) : sample,
    );
    return 'text/plain';
  } catch {
    return 'application/octet-stream';
  }
}

/** A UTF-8 sample cut mid-character is still text: drop the trailing partial sequence before decoding. */
function trimPartialChar(sample: Buffer): Buffer {
  let end = sample.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = sample[end - i]!;
    if ((byte & 0xc0) !== 0x80) {
      const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      if (need > i) end -= i;
      break;
    }
  }
  return sample.subarray(0, end);
}

/** Types a browser may show inline; everything else is served as a download. */
export const inlineContentTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
]);
