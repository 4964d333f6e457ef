/**
 * A `Content-Disposition: attachment` header that survives any file name: an ASCII fallback in `filename`
 * (quotes, slashes, control and non-ASCII characters replaced) and the exact UTF-8 name in `filename*`
 * (RFC 5987/6266), so no name can break the header or inject another one.
 */
export function attachmentDisposition(fileName: string): string {
  const printable = [...fileName].filter((char) => char >= ' ' && char !== '\u007f').join('');
  const name = printable.replace(/[\\/]/g, '_').trim() || 'download';
  const fallback = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["%;\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
