/** The words of the kit's handoff pages (docs/handoff.md), in the element's three languages. */
export interface PageStrings {
  lang: string;
  formTitle: string;
  formIntro: string;
  codeLabel: string;
  codeHint: string;
  submit: string;
  /** A code that is not one, or not one that answers: one message for both, so that guessing learns nothing. */
  codeWrong: string;
  tooMany: string;
  tooManyTitle: string;
  endedTitle: string;
  ended: string;
  otherDeviceTitle: string;
  otherDevice: string;
  unavailableTitle: string;
  unavailable: string;
  /** A browser that keeps no cookie, where the link lets only its first device in. */
  cookiesTitle: string;
  cookies: string;
  /** A right code whose verification is on an origin the page may not post to: a link to follow. */
  codeRight: string;
  errorPrefix: string;
}

const es: PageStrings = {
  lang: 'es',
  formTitle: 'Verificación de identidad',
  formIntro: 'Escribe el código que ves en la pantalla donde comenzaste.',
  codeLabel: 'Código',
  codeHint: '8 caracteres, letras y números, por ejemplo 4F7K3HXM.',
  submit: 'Continuar',
  codeWrong:
    'Ese código no sirve o ya venció. Revisa los 8 caracteres en la otra pantalla y escríbelos de nuevo. Si la verificación ya se abrió en otro dispositivo, continúa en ese.',
  tooManyTitle: 'Demasiados intentos',
  tooMany: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
  endedTitle: 'Este enlace ya no sirve',
  ended: 'La verificación terminó o venció. Vuelve a la página donde comenzaste para obtener un enlace nuevo.',
  otherDeviceTitle: 'Este enlace ya se está usando',
  otherDevice: 'La verificación ya se abrió en otro dispositivo. Continúa en ese dispositivo, o vuelve a la página donde comenzaste.',
  unavailableTitle: 'Intenta de nuevo',
  unavailable: 'No pudimos abrir la verificación en este momento. Vuelve a intentarlo en unos segundos.',
  cookiesTitle: 'Este enlace necesita cookies',
  cookies: 'Tu navegador no guardó la cookie que reconoce este dispositivo. Permite las cookies de este sitio y vuelve a abrir el enlace.',
  codeRight: 'Código correcto. Continúa la verificación:',
  errorPrefix: 'Error: ',
};

const en: PageStrings = {
  lang: 'en',
  formTitle: 'Identity verification',
  formIntro: 'Type the code shown on the screen where you started.',
  codeLabel: 'Code',
  codeHint: '8 characters, letters and numbers, for example 4F7K3HXM.',
  submit: 'Continue',
  codeWrong:
    'That code does not work, or has ended. Check the 8 characters on the other screen and type them again. If the verification was already opened on another device, continue on that one.',
  tooManyTitle: 'Too many attempts',
  tooMany: 'Too many attempts. Wait a few minutes and try again.',
  endedTitle: 'This link no longer works',
  ended: 'The verification has ended or expired. Go back to the page where you started to get a new link.',
  otherDeviceTitle: 'This link is already in use',
  otherDevice: 'The verification was already opened on another device. Continue on that device, or go back to the page where you started.',
  unavailableTitle: 'Try again',
  unavailable: 'We could not open the verification just now. Try again in a few seconds.',
  cookiesTitle: 'This link needs cookies',
  cookies: 'Your browser did not keep the cookie that recognises this device. Allow cookies for this site and open the link again.',
  codeRight: 'Code accepted. Continue the verification:',
  errorPrefix: 'Error: ',
};

const ptBR: PageStrings = {
  lang: 'pt-BR',
  formTitle: 'Verificação de identidade',
  formIntro: 'Digite o código que aparece na tela onde você começou.',
  codeLabel: 'Código',
  codeHint: '8 caracteres, letras e números, por exemplo 4F7K3HXM.',
  submit: 'Continuar',
  codeWrong:
    'Esse código não funciona ou já expirou. Confira os 8 caracteres na outra tela e digite-os de novo. Se a verificação já foi aberta em outro dispositivo, continue nele.',
  tooManyTitle: 'Tentativas demais',
  tooMany: 'Tentativas demais. Aguarde alguns minutos e tente de novo.',
  endedTitle: 'Este link não funciona mais',
  ended: 'A verificação terminou ou expirou. Volte à página onde você começou para obter um link novo.',
  otherDeviceTitle: 'Este link já está em uso',
  otherDevice: 'A verificação já foi aberta em outro dispositivo. Continue nesse dispositivo ou volte à página onde você começou.',
  unavailableTitle: 'Tente de novo',
  unavailable: 'Não conseguimos abrir a verificação agora. Tente de novo em alguns segundos.',
  cookiesTitle: 'Este link precisa de cookies',
  cookies: 'Seu navegador não guardou o cookie que reconhece este dispositivo. Permita os cookies deste site e abra o link de novo.',
  codeRight: 'Código correto. Continue a verificação:',
  errorPrefix: 'Erro: ',
};

const BY_PRIMARY: Record<string, PageStrings> = { es, en, pt: ptBR };

/** The person's language from `Accept-Language`, by preference (q), the first of ours; Spanish when none is. */
export function pageStringsFor(request: Request): PageStrings {
  const wanted = (request.headers.get('accept-language') ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = Number(
        parameters
          .find((parameter) => parameter.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { primary: tag.split('-')[0]!.toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return wanted.map(({ primary }) => BY_PRIMARY[primary]).find(Boolean) ?? es;
}
