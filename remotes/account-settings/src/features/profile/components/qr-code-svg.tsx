import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

export type QrCodeSvgProps = { value: string; label: string; size?: number };

/**
 * The QR code drawn as inline SVG from the library's module matrix: no canvas, no data: URL, no
 * HTML string. Dark modules are one path; a quiet zone of four modules keeps scanners happy, and
 * the colours stay black on white in dark mode too.
 */
export function QrCodeSvg({ value, label, size = 192 }: QrCodeSvgProps) {
  const { count, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(value);
    qr.make();
    const modules = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < modules; row += 1) {
      for (let col = 0; col < modules; col += 1) {
        if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
      }
    }
    return { count: modules + 8, path: d };
  }, [value]);

  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges" data-modules={count - 8}>
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
