import type { SendStrings } from './localize.js';

/** The strings of sending the link in every built-in language: in its chunk, not in each language's (src/element/send.ts). */
export const SEND_STRINGS: Record<string, SendStrings> = {
  es: {
    sendEmail: 'Enviar por correo',
    sendSms: 'Enviar por SMS',
    linkSent: 'Enviado a {to}',
    resendIn: 'Puedes reenviarlo en {time}',
    sendFailed: 'No se pudo enviar el enlace. Inténtalo de nuevo.',
  },
  en: {
    sendEmail: 'Send by e-mail',
    sendSms: 'Send by SMS',
    linkSent: 'Sent to {to}',
    resendIn: 'You can resend it in {time}',
    sendFailed: 'Could not send the link. Try again.',
  },
  'pt-BR': {
    sendEmail: 'Enviar por e-mail',
    sendSms: 'Enviar por SMS',
    linkSent: 'Enviado para {to}',
    resendIn: 'Você pode reenviar em {time}',
    sendFailed: 'Não foi possível enviar o link. Tente de novo.',
  },
};
