/**
 * Texts of the verification page, in Spanish (the default: neutral Chilean, "tú", "celular",
 * expiry always "vencer"), English and Brazilian Portuguese ("você", "celular"). No text holds an
 * issue code: the person reads what happened, and the codes stay in the developer details.
 */
export type Lang = 'es' | 'en' | 'pt-BR';

export const LANGS: readonly Lang[] = ['es', 'en', 'pt-BR'];

/** Each language named in itself, as the language switch offers it. */
export const LANGUAGE_NAMES: Record<Lang, string> = { es: 'Español', en: 'English', 'pt-BR': 'Português (Brasil)' };

export interface Strings {
  title: string;
  sandboxNotice: string;
  languages: string;
  progress(step: number, steps: number): string;
  documentHeading: string;
  documentIntro: string;
  documentOk: string;
  automaticCapture: string;
  automaticCaptureHint: string;
  documentProblems: string;
  selfieHeading: string;
  selfieIntro: string;
  selfieOk: string;
  selfieProblems: string;
  blacklisted: string;
  challengeHeading(n: number, of: number): string;
  challengeIntro: string;
  challengeOk: string;
  challengeFailed: string;
  lastProblem: string;
  /** The same words as the element's `triesLeft` and capture timers (`timeDocument`, `timeSelfie`): one story on both screens. */
  triesLeft(n: number): string;
  timeDocument: string;
  timeSelfie: string;
  timeChallenge: string;
  sessionTime: string;
  successful: string;
  successfulDetail: string;
  failed: string;
  failedReason: string;
  linkExpired: string;
  linkExpiredDetail: string;
  stepExpired: string;
  stepExpiredDetail: string;
  backToComputer: string;
  continue: string;
  forDevelopers: string;
  developerChoices: string;
  notFoundHeading: string;
  notFound: string;
  conflictHeading: string;
  conflict: string;
  back: string;
  badRequestHeading: string;
  badRequest(choice: string): string;
}

export const STRINGS: Record<Lang, Strings> = {
  es: {
    title: 'Verificación de identidad',
    sandboxNotice: 'Sandbox: no se usa la cámara. Elige qué ocurre en cada paso.',
    languages: 'Idioma',
    progress: (step, steps) => `Paso ${step} de ${steps}`,
    documentHeading: 'Documento de identidad',
    documentIntro: 'Muestra el anverso y el reverso de tu cédula de identidad.',
    documentOk: 'Documento OK',
    automaticCapture: 'Captura automática',
    automaticCaptureHint:
      'La cámara toma la foto sola cuando la cédula está enfocada, sin tocar la pantalla. El resultado es el mismo: documento leído.',
    documentProblems: 'Problemas con el documento',
    selfieHeading: 'Selfie',
    selfieIntro: 'Mira a la cámara con el rostro descubierto.',
    selfieOk: 'Selfie OK',
    selfieProblems: 'Problemas con la selfie',
    blacklisted: 'Rostro en la lista de fraude',
    challengeHeading: (n, of) => `Prueba de vida ${n} de ${of}`,
    challengeIntro: 'Sigue la instrucción en pantalla: gira la cabeza o parpadea.',
    challengeOk: 'Prueba superada',
    challengeFailed: 'Prueba fallida',
    lastProblem: 'Intento fallido',
    triesLeft: (n) => `Intentos restantes: ${n}.`,
    timeDocument: 'Tiempo para la cédula',
    timeSelfie: 'Tiempo para la selfie',
    timeChallenge: 'Tiempo para la prueba de vida',
    sessionTime: 'Tiempo de sesión',
    successful: 'Verificación exitosa',
    successfulDetail: 'Tu identidad quedó verificada.',
    failed: 'No pudimos verificar tu identidad',
    failedReason: 'Motivo',
    linkExpired: 'El enlace venció',
    linkExpiredDetail: 'El enlace venció antes de que terminaras. Comienza de nuevo con un enlace nuevo.',
    stepExpired: 'Se acabó el tiempo de un paso',
    stepExpiredDetail: 'Un paso quedó mucho rato sin completar. Comienza de nuevo cuando tengas tu cédula a mano.',
    backToComputer: 'Si empezaste en tu computador, vuelve a él para continuar. Ya puedes cerrar esta página.',
    continue: 'Continuar',
    forDevelopers: 'Para desarrolladores',
    developerChoices: 'Cada botón envía como outcome:',
    notFoundHeading: 'Verificación no encontrada',
    notFound: 'Revisa el enlace que recibiste.',
    conflictHeading: 'Ese paso ya no está disponible',
    conflict: 'La verificación avanzó o terminó (quizás en otra pestaña). Vuelve a ella para ver el paso actual.',
    back: 'Volver a la verificación',
    badRequestHeading: 'Opción no válida',
    badRequest: (choice) => `Esta página no ofrece la opción «${choice}».`,
  },
  en: {
    title: 'Identity verification',
    sandboxNotice: 'Sandbox: no camera is used. Choose what happens at each step.',
    languages: 'Language',
    progress: (step, steps) => `Step ${step} of ${steps}`,
    documentHeading: 'Identity document',
    documentIntro: 'Show the front and the back of your identity card.',
    documentOk: 'Document OK',
    automaticCapture: 'Automatic capture',
    automaticCaptureHint:
      'The camera takes the photo by itself once the card is in focus, without a tap. The result is the same: document read.',
    documentProblems: 'Document problems',
    selfieHeading: 'Selfie',
    selfieIntro: 'Look at the camera with your face uncovered.',
    selfieOk: 'Selfie OK',
    selfieProblems: 'Selfie problems',
    blacklisted: 'Face on the fraud list',
    challengeHeading: (n, of) => `Liveness check ${n} of ${of}`,
    challengeIntro: 'Follow the instruction on screen: turn your head or blink.',
    challengeOk: 'Check passed',
    challengeFailed: 'Check failed',
    lastProblem: 'Failed attempt',
    triesLeft: (n) => `Tries left: ${n}.`,
    timeDocument: 'Time for your ID card',
    timeSelfie: 'Time for your selfie',
    timeChallenge: 'Time for the liveness check',
    sessionTime: 'Session time',
    successful: 'Verification successful',
    successfulDetail: 'Your identity is verified.',
    failed: 'We could not verify your identity',
    failedReason: 'Reason',
    linkExpired: 'The link has expired',
    linkExpiredDetail: 'The link expired before you finished. Start again with a new link.',
    stepExpired: 'A step ran out of time',
    stepExpiredDetail: 'A step was left unfinished for too long. Start again when you have your identity card at hand.',
    backToComputer: 'If you started on your computer, go back to it to continue. You can close this page now.',
    continue: 'Continue',
    forDevelopers: 'For developers',
    developerChoices: 'Each button sends as outcome:',
    notFoundHeading: 'Verification not found',
    notFound: 'Check the link you received.',
    conflictHeading: 'That step is no longer available',
    conflict: 'The verification moved on or ended (perhaps in another tab). Go back to it to see the current step.',
    back: 'Back to the verification',
    badRequestHeading: 'Invalid choice',
    badRequest: (choice) => `This page does not offer the choice "${choice}".`,
  },
  'pt-BR': {
    title: 'Verificação de identidade',
    sandboxNotice: 'Sandbox: a câmera não é usada. Escolha o que acontece em cada etapa.',
    languages: 'Idioma',
    progress: (step, steps) => `Etapa ${step} de ${steps}`,
    documentHeading: 'Documento de identidade',
    documentIntro: 'Mostre a frente e o verso do seu documento de identidade.',
    documentOk: 'Documento OK',
    automaticCapture: 'Captura automática',
    automaticCaptureHint:
      'A câmera tira a foto sozinha quando o documento está em foco, sem tocar na tela. O resultado é o mesmo: documento lido.',
    documentProblems: 'Problemas com o documento',
    selfieHeading: 'Selfie',
    selfieIntro: 'Olhe para a câmera com o rosto descoberto.',
    selfieOk: 'Selfie OK',
    selfieProblems: 'Problemas com a selfie',
    blacklisted: 'Rosto na lista de fraude',
    challengeHeading: (n, of) => `Prova de vida ${n} de ${of}`,
    challengeIntro: 'Siga a instrução na tela: vire a cabeça ou pisque.',
    challengeOk: 'Prova concluída',
    challengeFailed: 'Prova com falha',
    lastProblem: 'Tentativa com falha',
    triesLeft: (n) => `Tentativas restantes: ${n}.`,
    timeDocument: 'Tempo para a cédula',
    timeSelfie: 'Tempo para a selfie',
    timeChallenge: 'Tempo para a prova de vida',
    sessionTime: 'Tempo de sessão',
    successful: 'Verificação concluída',
    successfulDetail: 'Sua identidade foi verificada.',
    failed: 'Não conseguimos verificar sua identidade',
    failedReason: 'Motivo',
    linkExpired: 'O link expirou',
    linkExpiredDetail: 'O link expirou antes de você terminar. Comece de novo com um link novo.',
    stepExpired: 'O tempo de uma etapa acabou',
    stepExpiredDetail: 'Uma etapa ficou muito tempo sem ser concluída. Comece de novo quando estiver com seu documento em mãos.',
    backToComputer: 'Se você começou no computador, volte a ele para continuar. Você já pode fechar esta página.',
    continue: 'Continuar',
    forDevelopers: 'Para desenvolvedores',
    developerChoices: 'Cada botão envia como outcome:',
    notFoundHeading: 'Verificação não encontrada',
    notFound: 'Confira o link que você recebeu.',
    conflictHeading: 'Essa etapa não está mais disponível',
    conflict: 'A verificação avançou ou terminou (talvez em outra aba). Volte a ela para ver a etapa atual.',
    back: 'Voltar à verificação',
    badRequestHeading: 'Opção inválida',
    badRequest: (choice) => `Esta página não oferece a opção “${choice}”.`,
  },
};
