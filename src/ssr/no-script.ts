/**
 * What a page whose scripts do not run says under the element's status line (a `<noscript>` of the
 * server's render): the status will not change by itself, and a reload shows where the verification
 * is. Server-side words: the browser's bundle never carries them.
 */
export const RELOAD_FOR_RESULT: Record<string, string> = {
  es: 'Cuando termines en tu celular, recarga esta página para ver el resultado.',
  en: 'When you are done on your phone, reload this page to see the result.',
  'pt-BR': 'Quando terminar no celular, recarregue esta página para ver o resultado.',
};

/**
 * With scripts off, nothing would copy the link, send it, count the time down, start again or continue: the server's
 * render does not offer them (the link, the QR code and the typed code need no script; a reload shows the result).
 * A page whose scripts run is not touched.
 */
export const NO_SCRIPT_STYLE =
  '@media (scripting: none){.copy,[part="timer"],[part="continue-button"],[part="retry-button"],[part="other-device"] button{display:none}}';
