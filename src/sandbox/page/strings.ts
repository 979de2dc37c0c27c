/**
 * Texts of the verification page, in Spanish (the default: neutral Chilean, "tú", "celular",
 * expiry always "vencer"), English and Brazilian Portuguese ("você", "celular"). No text holds an
 * issue code: the person reads what happened, and the codes stay in the developer details.
 */
import { enStory } from '../../shared/story/en.js';
import { esStory } from '../../shared/story/es.js';
import { ptBRStory } from '../../shared/story/pt-BR.js';
import type { StoryWords } from '../../shared/story/story.js';

export type Lang = 'es' | 'en' | 'pt-BR';

export const LANGS: readonly Lang[] = ['es', 'en', 'pt-BR'];

/** Each language named in itself, as the language switch offers it. */
export const LANGUAGE_NAMES: Record<Lang, string> = { es: 'Español', en: 'English', 'pt-BR': 'Português (Brasil)' };

/** The page's own words, beside those it shares with the element (`StoryWords`: one story on both screens). */
export interface Strings extends StoryWords {
  title: string;
  sandboxNotice: string;
  languages: string;
  documentIntro: string;
  documentOk: string;
  automaticCapture: string;
  automaticCaptureHint: string;
  documentProblems: string;
  selfieIntro: string;
  selfieOk: string;
  selfieProblems: string;
  blacklisted: string;
  challengeHeading(n: number, of: number): string;
  challengeIntro: string;
  challengeOk: string;
  challengeFailed: string;
  /** The liveness check's timer, `{time}` replaced, in the words of the other capture timers (the element never shows it: the status cannot tell it). */
  timeChallenge: string;
  sessionTime: string;
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
    ...esStory,
    title: 'Verificación de identidad',
    sandboxNotice: 'Sandbox: no se usa la cámara. Elige qué ocurre en cada paso.',
    languages: 'Idioma',
    documentIntro: 'Muestra el anverso y el reverso de tu cédula de identidad.',
    documentOk: 'Documento OK',
    automaticCapture: 'Captura automática',
    automaticCaptureHint:
      'La cámara toma la foto sola cuando la cédula está enfocada, sin tocar la pantalla. El resultado es el mismo: documento leído.',
    documentProblems: 'Problemas con el documento',
    selfieIntro: 'Mira a la cámara con el rostro descubierto.',
    selfieOk: 'Selfie OK',
    selfieProblems: 'Problemas con la selfie',
    blacklisted: 'Rostro en la lista de fraude',
    challengeHeading: (n, of) => `Prueba de vida ${n} de ${of}`,
    challengeIntro: 'Sigue la instrucción en pantalla: gira la cabeza o parpadea.',
    challengeOk: 'Prueba superada',
    challengeFailed: 'Prueba fallida',
    timeChallenge: 'Tiempo para la prueba de vida: {time}',
    sessionTime: 'Tiempo de sesión: {time}',
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
    ...enStory,
    title: 'Identity verification',
    sandboxNotice: 'Sandbox: no camera is used. Choose what happens at each step.',
    languages: 'Language',
    documentIntro: 'Show the front and the back of your identity card.',
    documentOk: 'Document OK',
    automaticCapture: 'Automatic capture',
    automaticCaptureHint:
      'The camera takes the photo by itself once the card is in focus, without a tap. The result is the same: document read.',
    documentProblems: 'Document problems',
    selfieIntro: 'Look at the camera with your face uncovered.',
    selfieOk: 'Selfie OK',
    selfieProblems: 'Selfie problems',
    blacklisted: 'Face on the fraud list',
    challengeHeading: (n, of) => `Liveness check ${n} of ${of}`,
    challengeIntro: 'Follow the instruction on screen: turn your head or blink.',
    challengeOk: 'Check passed',
    challengeFailed: 'Check failed',
    timeChallenge: 'Time for the liveness check: {time}',
    sessionTime: 'Session time: {time}',
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
    ...ptBRStory,
    title: 'Verificação de identidade',
    sandboxNotice: 'Sandbox: a câmera não é usada. Escolha o que acontece em cada etapa.',
    languages: 'Idioma',
    documentIntro: 'Mostre a frente e o verso do seu documento de identidade.',
    documentOk: 'Documento OK',
    automaticCapture: 'Captura automática',
    automaticCaptureHint:
      'A câmera tira a foto sozinha quando o documento está em foco, sem tocar na tela. O resultado é o mesmo: documento lido.',
    documentProblems: 'Problemas com o documento',
    selfieIntro: 'Olhe para a câmera com o rosto descoberto.',
    selfieOk: 'Selfie OK',
    selfieProblems: 'Problemas com a selfie',
    blacklisted: 'Rosto na lista de fraude',
    challengeHeading: (n, of) => `Prova de vida ${n} de ${of}`,
    challengeIntro: 'Siga a instrução na tela: vire a cabeça ou pisque.',
    challengeOk: 'Prova concluída',
    challengeFailed: 'Prova com falha',
    timeChallenge: 'Tempo para a prova de vida: {time}',
    sessionTime: 'Tempo de sessão: {time}',
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
