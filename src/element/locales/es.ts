import type { Sentences } from '../localize.js';

/** Spanish (Chile): the default. Neutral Chilean usage: *celular*, *tú*, *cédula*, and *vencer* alone for expiry. */
export const es: Sentences = [
  'Escanea el código con tu celular', // scanTitle
  'Código QR que abre el enlace de verificación de identidad', // qrLabel
  'O ábrelo en este dispositivo', // openHere
  'Verificar mi identidad', // openButton
  'Se abre en una pestaña nueva', // newTab
  'Copiar enlace', // copyLink
  'Enlace copiado', // linkCopied
  'No se pudo copiar el enlace', // copyFailed
  'Tiempo restante: {time}', // timeLeft
  'Preparando tu verificación…', // preparing
  'Esperando que comiences en tu celular…', // waiting
  'Esperando que comiences la verificación…', // waitingHere
  'Cédula capturada. Ahora tómate la selfie…', // documentCaptured
  'Intentos restantes: {tries}.', // triesLeft
  'Revisando tu selfie…', // checking
  'Continúa en tu celular', // continueOnPhone
  'Cédula de identidad', // stepDocument
  'Selfie y prueba de vida', // stepSelfie
  'Revisión', // stepChecking
  'Listo', // markDone
  'En curso', // markCurrent
  'Con problema', // markProblem
  'Pendiente', // markTodo
  'Código QR para otro celular', // showCode
  'Tu identidad está verificada.', // successful
  'Registrando el resultado…', // saving
  'Continuar', // continue
  'No pudimos verificar tu identidad.', // failed
  'La verificación venció.', // expired
  'No pudimos validar tu cédula. Inténtalo de nuevo con la cédula original, con buena luz y completa a la vista.', // reasonDocument
  'El RUT de la cédula no coincide con el que se está verificando. Usa tu propia cédula.', // reasonRut
  'Tu selfie no coincide con la foto de tu cédula. Inténtalo de nuevo de frente, sin lentes ni gorro.', // reasonFace
  'No pudimos confirmar tu selfie. Inténtalo de nuevo con buena luz, mirando de frente.', // reasonScore
  'Puedes intentarlo de nuevo.', // reasonOther
  'Un paso quedó mucho rato sin completar. Comienza de nuevo cuando tengas tu cédula a mano.', // reasonIdle
  'El enlace venció antes de que terminaras. Comienza de nuevo con un enlace nuevo.', // reasonLink
  'Reconectando… La verificación sigue su curso.', // reconnecting
  'No pudimos iniciar la verificación. Inténtalo de nuevo en unos minutos.', // errorStart
  'Ya no podemos seguir la verificación aquí. Si la comenzaste en tu celular, termínala allá.', // errorLost
  'La verificación no está disponible en esta página.', // errorSetup
  'Intentar de nuevo', // tryAgain
];
