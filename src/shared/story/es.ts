import type { StoryWords } from './story.js';

/** Spanish (Chile): neutral Chilean usage, *tú*, *cédula*, and *vencer* alone for expiry. */
export const esStory: StoryWords = {
  stepDocument: 'Cédula de identidad',
  stepSelfie: 'Selfie y prueba de vida',
  stepSelfieOnly: 'Selfie',
  stepChecking: 'Revisión',
  stepOf: 'Paso {n} de {total}',
  triesLeft: 'Intentos restantes: {tries}.',
  timeDocument: 'Tiempo para la cédula: {time}',
  timeSelfie: 'Tiempo para la selfie: {time}',
  reasonDocument: 'No pudimos validar tu cédula. Inténtalo de nuevo con la cédula original, con buena luz y completa a la vista.',
  reasonRut: 'El RUT de la cédula no es el que se está verificando. Revisa que sea la cédula correcta.',
  reasonRutSides:
    'El RUT del frente de la cédula no coincide con el del reverso. Fotografía ambos lados de la misma cédula, con buena luz.',
  reasonFace: 'Tu selfie no coincide con la foto de tu cédula. Inténtalo de nuevo de frente, sin lentes ni gorro.',
  reasonScore: 'No pudimos confirmar tu selfie. Inténtalo de nuevo con buena luz, mirando de frente.',
  reasonOther: 'Puedes intentarlo de nuevo.',
  reasonIdle: 'Un paso quedó mucho rato sin completar. Comienza de nuevo cuando tengas tu cédula a mano.',
  reasonLink: 'El enlace venció antes de que terminaras. Comienza de nuevo con un enlace nuevo.',
  successful: 'Tu identidad está verificada.',
  failed: 'No pudimos verificar tu identidad.',
  expired: 'La verificación venció.',
};
