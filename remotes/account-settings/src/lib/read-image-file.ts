import { checkImageBytes, type ImageUploadRequest } from '@portal/contracts';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

async function bytesOf(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Reads a chosen file into the JSON image description, after the same content check the server
 * makes (so the user hears at once that an SVG or a 5 MB photo will not do).
 */
export async function readImageFile(file: File): Promise<{ ok: true; image: ImageUploadRequest } | { ok: false; errorMessage: string }> {
  const bytes = await bytesOf(file);
  const check = checkImageBytes(bytes);
  if (!check.ok) return check;
  return { ok: true, image: { fileName: file.name.slice(0, 255), contentType: check.contentType, data: toBase64(bytes) } };
}
