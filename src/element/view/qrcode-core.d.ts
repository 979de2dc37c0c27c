// The encoder alone, without qrcode's canvas and string renderers: the element draws its own SVG.
declare module 'qrcode/lib/core/qrcode.js' {
  export { create } from 'qrcode';
}
