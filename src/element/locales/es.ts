import type { KycVerifyStrings } from '../localize.js';

/** Spanish (Chile): the default. */
export const es: KycVerifyStrings = {
  scanTitle: 'Escanea este código con tu teléfono para verificar tu identidad',
  qrLabel: 'Código QR que abre el enlace de verificación de identidad',
  openHere: 'O ábrelo en este dispositivo',
  openButton: 'Verificar mi identidad',
  newTab: 'Se abre en una pestaña nueva',
  copyLink: 'Copiar enlace',
  linkCopied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar el enlace',
  timeLeft: 'El enlace vence en {time}',
  preparing: 'Preparando tu verificación…',
  waiting: 'Esperando que comiences en tu teléfono…',
  documentCaptured: 'Documento capturado. Ahora tómate la selfie…',
  documentProblem: 'No se pudo leer el documento. Inténtalo de nuevo en tu teléfono.',
  checking: 'Revisando tu selfie…',
  successful: 'Tu identidad está verificada.',
  failed: 'No pudimos verificar tu identidad.',
  expired: 'El enlace de verificación venció.',
  reconnecting: 'Aún sin respuesta sobre la verificación. Reintentando…',
  unavailable: 'La verificación no está disponible en este momento.',
  continue: 'Continuar',
  tryAgain: 'Intentar de nuevo',
};
